import { z } from 'zod';
import { sessionRequest } from './account';
import type { ErrorCode } from './errors';

/**
 * Tournament rooms (POST /tournament/<name> and a few /api/<name>): request fields named as the spec's room
 * entity (roomid, type, matches, rate, room_limit, room_password). Money is decimal strings; points are
 * decimal strings with up to 3 decimals; times are ISO strings.
 */

/** A positive whole id, as a number or its digits. */
const id = (code: ErrorCode) =>
  z.union([z.number(), z.string()], { error: code }).transform((value, ctx) => {
    const text = String(value).trim();
    if (!/^\d{1,15}$/.test(text) || Number(text) < 1) {
      ctx.addIssue({ code: 'custom', message: code });
      return z.NEVER;
    }
    return Number(text);
  });

/** Free text the room checks decide on (a fee or a limit typed in a form): a number or a short string. */
const typed = (code: ErrorCode) =>
  z.union([z.number(), z.string().max(20)], { error: code }).transform((value) => String(value).trim());

const paging = {
  page: z.number({ error: 'invalid_request' }).int().min(1).max(10_000).default(1),
  page_size: z.number({ error: 'invalid_request' }).int().min(1).max(100).default(20),
};

export const ROOM_TYPE_FILTERS = ['T0', 'T1', 'T2', 'T3'] as const;
export const ROOM_STATUS_FILTERS = ['A', '0', '1', '2', '3', '4', '10'] as const;
export type RoomStatus = 'A' | '0' | '1' | '2' | '3' | '4';

export const roomListRequest = sessionRequest.extend({
  type_filter: z.enum(ROOM_TYPE_FILTERS, { error: 'invalid_request' }).default('T0'),
  status: z.enum(ROOM_STATUS_FILTERS, { error: 'invalid_request' }).default('10'),
  search: z.string({ error: 'invalid_request' }).trim().max(40).default(''),
  /** Only rooms the member owns or joined ("my rooms"). */
  mine: z.boolean({ error: 'invalid_request' }).default(false),
  ...paging,
});
export type RoomListRequest = z.infer<typeof roomListRequest>;

export const roomLeagueListRequest = sessionRequest;
export const roomMatchListRequest = sessionRequest.extend({ league_id: id('league_id_required') });
export const matchLookupRequest = sessionRequest.extend({
  matches: z.array(id('match_required'), { error: 'match_required' }).min(1).max(20),
});

export const roomCreateRequest = sessionRequest.extend({
  type: z
    .union([z.literal(1), z.literal(2), z.literal(3), z.enum(['1', '2', '3'])], {
      error: 'room_type_required',
    })
    .transform((value) => Number(value) as 1 | 2 | 3),
  matches: z.array(id('match_required'), { error: 'match_required' }).max(50),
  rate: typed('room_rate_required').optional(),
  room_limit: typed('room_limit_required'),
  room_password: z.string({ error: 'invalidRoomPassword' }).max(20).optional(),
  terms: z.literal(true, { error: 'terms_required' }),
});
export type RoomCreateRequest = z.infer<typeof roomCreateRequest>;

export const roomRequest = sessionRequest.extend({ roomid: id('room_id_required') });
export type RoomRequest = z.infer<typeof roomRequest>;

export const roomJoinRequest = roomRequest.extend({
  room_password: z.string({ error: 'invalidRoomPassword' }).max(20).optional(),
});
export type RoomJoinRequest = z.infer<typeof roomJoinRequest>;

export const roomBetRequest = roomRequest.extend({
  picks: z
    .array(
      z.object({
        match_id: id('match_required'),
        selection: z.enum(['h', 'a', 'o', 'u'], { error: 'invalidBetTeam' }),
        /** The decimal price the member saw; a different current price answers oddsIsUpdating. */
        odds: z
          .string({ error: 'invalidOdds' })
          .regex(/^\d{1,4}(\.\d{1,3})?$/, { error: 'invalidOdds' })
          .optional(),
      }),
      { error: 'betTypeRequired' },
    )
    .max(50),
});
export type RoomBetRequest = z.infer<typeof roomBetRequest>;

export const roomListPageRequest = sessionRequest.extend({ ...paging });

/** The operator lets a shared address join a free room again (carrier NAT). */
export const boRoomIpOverrideRequest = z.object({
  roomid: id('room_id_required'),
  ip: z.string({ error: 'invalid_request' }).trim().min(1).max(64),
});

export interface RoomMatchView {
  match_id: number;
  league: string;
  home: string;
  away: string;
  kickoff: string;
  /** The main handicap line (home's) and prices the picks are struck at, while betting is open. */
  hdp: { market_id: number; line: string; h: string; a: string } | null;
  ou: { market_id: number; line: string; o: string; u: string } | null;
  /** 'void' when cancelled; the final score once known. */
  result: { ft: [number, number] | null; void: boolean } | null;
}

export interface RoomView {
  roomid: number;
  owner: string;
  type: 1 | 2 | 3;
  status: RoomStatus;
  currency: string;
  rate: string;
  room_limit: number;
  players: number;
  pool: string;
  prizes: { place: 1 | 2 | 3; name: 'Champion' | 'FirstRunnerUp' | 'SecondRunnerUp'; amount: string }[];
  last_join_time: string;
  last_betting_time: string;
  joined: boolean;
  has_bet: boolean;
  is_owner: boolean;
  virtual: boolean;
}

export interface RoomInfoView extends RoomView {
  matches: RoomMatchView[];
}

export interface RoomPickView {
  match_id: number;
  kind: 'hdp' | 'ou';
  selection: 'h' | 'a' | 'o' | 'u';
  line: string;
  odds: string;
  outcome: string | null;
  points: string | null;
}

export interface RoomRankRow {
  rank: number;
  account_id: string;
  points: string;
  wins: number;
  losses: number;
  prize: string;
  prize_name: 'Champion' | 'FirstRunnerUp' | 'SecondRunnerUp' | null;
}
