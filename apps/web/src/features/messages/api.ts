import { useQuery } from '@tanstack/react-query';
import { post } from '../../shared/api/client';
import { pick, rowsOf } from '../../shared/api/rows';
import { sessionBody, useSession } from '../../shared/session/store';

/** A message as shown, whatever the server names its fields. */
export interface Message {
  id: string;
  date: string;
  title: string;
  text: string;
  read: boolean;
}

const toMessage = (row: object, index: number): Message => {
  const read = pick(row, 'read', 'is_read', 'status');
  return {
    id: pick(row, 'id', 'message_id', 'announce_id') || String(index),
    date: pick(row, 'date', 'post_date', 'created_at', 'create_date', 'send_date'),
    title: pick(row, 'title', 'subject'),
    text: pick(row, 'message', 'content', 'text', 'description'),
    read: read === 'true' || read === '1' || read === 'read',
  };
};

export type AnnouncementType = 'normal' | 'special';

const useLoggedIn = () => useSession((state) => state.account !== null);

/** announcelist: normal or special announcements, optionally over a date range (the history). */
export function useAnnouncements(type: AnnouncementType | 'all', range?: { start: string; end: string }) {
  return useQuery({
    queryKey: ['messages', 'announce', type, range?.start ?? '', range?.end ?? ''],
    queryFn: async () =>
      rowsOf<object>(
        await post('announcelist', {
          ...sessionBody(),
          type,
          ...(range ? { start_date: range.start, end_date: range.end } : {}),
        }),
      ).map(toMessage),
    enabled: useLoggedIn(),
  });
}

/** personallist: the member's own messages. */
export function usePersonalMessages() {
  return useQuery({
    queryKey: ['messages', 'personal'],
    queryFn: async () => rowsOf<object>(await post('personallist', sessionBody())).map(toMessage),
    enabled: useLoggedIn(),
  });
}

/** marqueelist: the header's scrolling line. */
export function useMarquee() {
  return useQuery({
    queryKey: ['messages', 'marquee'],
    queryFn: async () => rowsOf<object>(await post('marqueelist', sessionBody())).map(toMessage),
    enabled: useLoggedIn(),
    staleTime: 5 * 60_000,
  });
}

/** personalunread: the count on the header's messages button (0 until the call exists). */
export function useUnreadCount(): number {
  const { data } = useQuery({
    queryKey: ['messages', 'unread'],
    queryFn: async () => {
      const reply = (await post('personalunread', sessionBody())) as object;
      const count = Number(pick(reply, 'count', 'unread', 'total', 'data'));
      return Number.isFinite(count) && count > 0 ? Math.floor(count) : 0;
    },
    enabled: useLoggedIn(),
    staleTime: 60_000,
    refetchInterval: 120_000,
  });
  return data ?? 0;
}
