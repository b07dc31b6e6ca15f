import { z } from 'zod';

/**
 * Virtual racing (GH_*): the race card. A race is a sportsbook match (sport 43 virtual horse racing, 44 virtual
 * greyhounds) whose markets are bet with betsingle: gh_win and gh_place by runner number ('3'), gh_fc by the
 * first two in order ('3-1'), gh_tc by the first three ('3-1-5', one market per leader: line = the first).
 */
export const RACE_KIND_NAMES = ['greyhound', 'horse'] as const;

export const raceView = z.object({
  race_id: z.number().int(),
  kind: z.enum(RACE_KIND_NAMES),
  /** The catalogue match (null until it is listed). */
  match_id: z.number().int().nullable(),
  off_at: z.string(),
  status: z.enum(['open', 'finished']),
  runners: z.array(
    z.object({
      number: z.number().int(),
      name: z.string(),
      rating: z.number().int(),
      /** Decimal prices of the win and place markets while they are open. */
      win: z.string().nullable(),
      place: z.string().nullable(),
    }),
  ),
  /** The race's open markets (ids for betsingle) with every selection's decimal price. */
  markets: z.array(
    z.object({
      market_id: z.number().int(),
      kind: z.string(),
      line: z.string(),
      prices: z.record(z.string(), z.string()),
    }),
  ),
  /** The finishing order (runner numbers), once the race is run. */
  finish: z.array(z.number().int()).nullable(),
});
export type RaceView = z.infer<typeof raceView>;

export const raceCardReply = z.object({
  server_time: z.string(),
  upcoming: z.array(raceView),
  recent: z.array(raceView),
});
export type RaceCardReply = z.infer<typeof raceCardReply>;
