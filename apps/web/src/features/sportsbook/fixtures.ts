import type { MatchListReply } from '@sb/contract';

/** A uxmarket reply: one league, a pre-match and a live match, FT hdp/ou/1x2 and a 1H hdp, MY prices. */
export const marketReply = (
  patch: Partial<MatchListReply> = {},
): MatchListReply & { status: string; statusdesc: string } => ({
  status: '1',
  statusdesc: 'success',
  leagues: [[7, 'Premier League', 1, 1]],
  matches: [
    [11, 7, 'Arsenal', 'Chelsea', 0, 0, 0, 0, Date.UTC(2026, 10, 22, 12, 30), '', 0, 0, 0, 0, 0, 3],
    [12, 7, 'Leeds', 'Everton', 1, 1, 0, 63, Date.UTC(2026, 10, 22, 10, 0), '2h', 1, 0, 0, 1, 0, 9],
  ],
  links: [],
  heads: [],
  odds: [
    [101, 11, 'hdp', 'ft', '-0.25', 1, 1, 'h', '0.85', 'a', '-0.95'],
    [102, 11, 'ou', 'ft', '2.5', 1, 1, 'o', '0.90', 'u', '0.96'],
    [103, 11, '1x2', 'ft', '', 1, 1, '1', '2.10', 'x', '3.30', '2', '3.40'],
    [104, 11, 'hdp', '1h', '0', 1, 1, 'h', '-0.80', 'a', '0.70'],
    [201, 12, 'hdp', 'ft', '0.5', 0, 1, 'h', '0.80', 'a', '0.90'],
  ],
  total: 2,
  page: 1,
  version: 1,
  ...patch,
});
