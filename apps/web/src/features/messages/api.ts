import type { MessageRow } from '@sb/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../shared/api/client';
import { sessionBody, useSession } from '../../shared/session/store';

/** A message as shown. */
export interface Message {
  id: string;
  date: string;
  title: string;
  text: string;
  read: boolean;
}

/** The contract's message row as the screens show it. */
const toMessage = (row: MessageRow): Message => ({
  id: String(row.id),
  date: row.date,
  title: row.title,
  text: row.message,
  read: row.read,
});

export type AnnouncementType = 'normal' | 'special';

const useLoggedIn = () => useSession((state) => state.account !== null);

/** announcelist: normal or special announcements, optionally over a date range (the history). */
export function useAnnouncements(type: AnnouncementType | 'all', range?: { start: string; end: string }) {
  return useQuery({
    queryKey: ['messages', 'announce', type, range?.start ?? '', range?.end ?? ''],
    queryFn: async () =>
      (
        await call('announcelist', {
          ...sessionBody(),
          type,
          ...(range ? { start_date: range.start, end_date: range.end } : {}),
        })
      ).list.map(toMessage),
    enabled: useLoggedIn(),
  });
}

/** personallist: the member's own messages. */
export function usePersonalMessages() {
  return useQuery({
    queryKey: ['messages', 'personal'],
    queryFn: async () => (await call('personallist', sessionBody())).list.map(toMessage),
    enabled: useLoggedIn(),
  });
}

/** marqueelist: the header's scrolling line. */
export function useMarquee() {
  return useQuery({
    queryKey: ['messages', 'marquee'],
    queryFn: async () => (await call('marqueelist', sessionBody())).list.map(toMessage),
    enabled: useLoggedIn(),
    staleTime: 5 * 60_000,
  });
}

/** personalunread: the count on the header's messages button. */
export function useUnreadCount(): number {
  const { data } = useQuery({
    queryKey: ['messages', 'unread'],
    queryFn: async () => Math.max(0, (await call('personalunread', sessionBody())).count),
    enabled: useLoggedIn(),
    staleTime: 60_000,
    refetchInterval: 120_000,
  });
  return data ?? 0;
}
