import { useQuery } from '@tanstack/react-query';
import { call } from '../../shared/api/client';

/** The day's keno and number-game draws (ngresult); refreshed every 30 s: a draw is made every few minutes. */
export function useDrawResults(date: string) {
  return useQuery({
    queryKey: ['ngresult', date],
    queryFn: ({ signal }) => call('ngresult', { date }, { signal }),
    refetchInterval: 30_000,
  });
}
