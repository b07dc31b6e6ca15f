import { z } from 'zod';
import { replyMoney } from './fields';
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

const money = replyMoney;
const prizeName = z.enum(['Champion', 'FirstRunnerUp', 'SecondRunnerUp']);
const roomStatus = z.enum(['A', '0', '1', '2', '3', '4']);

export const roomMatchView = z.object({
  match_id: z.number().int(),
  league: z.string(),
  home: z.string(),
  away: z.string(),
  kickoff: z.string(),
  /** The main handicap line (home's) and prices the picks are struck at, while betting is open. */
  hdp: z.object({ market_id: z.number().int(), line: z.string(), h: z.string(), a: z.string() }).nullable(),
  ou: z.object({ market_id: z.number().int(), line: z.string(), o: z.string(), u: z.string() }).nullable(),
  /** 'void' when cancelled; the final score once known. */
  result: z
    .object({ ft: z.tuple([z.number().int(), z.number().int()]).nullable(), void: z.boolean() })
    .nullable(),
});
export type RoomMatchView = z.infer<typeof roomMatchView>;

export const roomView = z.object({
  roomid: z.number().int(),
  owner: z.string(),
  type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  status: roomStatus,
  currency: z.string(),
  rate: money,
  room_limit: z.number().int(),
  players: z.number().int(),
  pool: money,
  prizes: z.array(
    z.object({ place: z.union([z.literal(1), z.literal(2), z.literal(3)]), name: prizeName, amount: money }),
  ),
  last_join_time: z.string(),
  last_betting_time: z.string(),
  joined: z.boolean(),
  has_bet: z.boolean(),
  is_owner: z.boolean(),
  virtual: z.boolean(),
});
export type RoomView = z.infer<typeof roomView>;

export const roomInfoView = roomView.extend({ matches: z.array(roomMatchView) });
export type RoomInfoView = z.infer<typeof roomInfoView>;

export const roomPickView = z.object({
  match_id: z.number().int(),
  kind: z.enum(['hdp', 'ou']),
  selection: z.enum(['h', 'a', 'o', 'u']),
  line: z.string(),
  odds: z.string(),
  outcome: z.string().nullable(),
  points: z.string().nullable(),
});
export type RoomPickView = z.infer<typeof roomPickView>;

export const roomRankRow = z.object({
  rank: z.number().int(),
  account_id: z.string(),
  points: z.string(),
  wins: z.number().int(),
  losses: z.number().int(),
  prize: money,
  prize_name: prizeName.nullable(),
});
export type RoomRankRow = z.infer<typeof roomRankRow>;

// ---- Replies ----

/** roomlist: rooms of the member's brand and currency, paged. */
export const roomListReply = z.object({
  rooms: z.array(roomView),
  page: z.number().int(),
  page_size: z.number().int(),
  total_rows: z.number().int(),
});
/** roomleaguelist: leagues with matches a room may hold. */
export const roomLeagueListReply = z.object({
  leagues: z.array(z.object({ league_id: z.number().int(), name: z.string(), matches: z.number().int() })),
});
/** roommatchlist, matchlookup: matches with the lines picks are struck at. */
export const roomMatchesReply = z.object({ matches: z.array(roomMatchView) });
/** roomcreate, vroomcreate. */
export const roomCreateReply = z.object({ roomid: z.number().int(), room: roomView });
/** roomjoin, vroomjoin. */
export const roomJoinReply = z.object({ room: roomView });
/** roominfo: the room with its matches. */
export const roomInfoReply = z.object({ room: roomInfoView });
/** bet, betplus, memberbetlist: the member's picks. */
export const roomPicksReply = z.object({ picks: z.array(roomPickView) });
/** betresultlist: every player's picks once betting has closed (before that, the member's own). */
export const roomAllPicksReply = z.object({
  picks: z.array(roomPickView.extend({ account_id: z.string() })),
});
/** roomrank, betresultfinal, gameresultdetail: the standings; final once the room has ended. */
export const roomRankReply = z.object({ ranks: z.array(roomRankRow), final: z.boolean() });
/** gameresult, tournamentrefund: the member's finished rooms (refunded ones only for tournamentrefund). */
export const finishedRoomsReply = z.object({
  rooms: z.array(
    z.object({
      roomid: z.number().int(),
      type: z.number().int(),
      status: z.string(),
      currency: z.string(),
      rate: money,
      players: z.number().int(),
      rank: z.number().int().nullable(),
      points: z.string(),
      prize: money,
      refunded: z.boolean(),
      refund: money,
      ended_at: z.string().nullable(),
    }),
  ),
  page: z.number().int(),
  page_size: z.number().int(),
});
/** membervalidatetournament: the member may join this room (else the refusal's code). */
export const roomValidateReply = z.object({ valid: z.literal(true) });
