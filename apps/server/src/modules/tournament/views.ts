import type { RoomMatchView, RoomStatus, RoomView } from '@sb/contract';
import { ROOM_PRIZE_SPLIT, roomPool } from '@sb/domain';
import { formatMinor } from '../../lib/money';
import type { MarketView } from '../catalog/events';
import type { MarketSnapshot } from '../catalog/snapshot';
import type { RoomRow } from './repository';

export const PRIZE_NAMES = ['Champion', 'FirstRunnerUp', 'SecondRunnerUp'] as const;

/** The pool a room pays now (paid rooms grow with each player; a free room's prize is fixed). */
export function poolOf(room: RoomRow): bigint {
  return roomPool({
    free: room.type === 3,
    entryFeeMinor: room.entry_fee,
    players: room.players,
    operatorFeeBps: room.operator_fee_bps,
    freePrizeMinor: room.free_prize,
  }).pool;
}

export function roomView(room: RoomRow, member: { pk: string; joined: boolean; hasBet: boolean }): RoomView {
  const pool = poolOf(room);
  return {
    roomid: Number(room.id),
    owner: room.owner_account_id,
    type: room.type as 1 | 2 | 3,
    status: room.status as RoomStatus,
    currency: room.currency,
    rate: formatMinor(room.entry_fee),
    room_limit: room.room_limit,
    players: room.players,
    pool: formatMinor(pool),
    prizes: ROOM_PRIZE_SPLIT.map((percent, index) => ({
      place: (index + 1) as 1 | 2 | 3,
      name: PRIZE_NAMES[index]!,
      amount: formatMinor((pool * BigInt(percent)) / 100n),
    })),
    last_join_time: room.last_join_time.toISOString(),
    last_betting_time: room.last_betting_time.toISOString(),
    joined: member.joined,
    has_bet: member.hasBet,
    is_owner: String(room.owner_pk) === member.pk,
    virtual: room.is_virtual,
  };
}

/** A room match as the member sees it: teams and kick-off from the snapshot, main lines while open. */
export function roomMatchView(
  snapshot: MarketSnapshot,
  matchId: number,
  result: { ft: [number, number] | null; void: boolean } | null,
): RoomMatchView {
  const match = snapshot.matches.get(matchId);
  const markets = snapshot.marketsOf(matchId);
  const hdp = mainMarket(markets, 'hdp');
  const ou = mainMarket(markets, 'ou');
  return {
    match_id: matchId,
    league: match ? (snapshot.leagues.get(match.leagueId)?.name ?? '') : '',
    home: match?.home ?? '',
    away: match?.away ?? '',
    kickoff: match ? new Date(match.kickoff).toISOString() : '',
    hdp:
      hdp && hdp.prices.h && hdp.prices.a
        ? { market_id: hdp.id, line: hdp.line, h: hdp.prices.h, a: hdp.prices.a }
        : null,
    ou:
      ou && ou.prices.o && ou.prices.u
        ? { market_id: ou.id, line: ou.line, o: ou.prices.o, u: ou.prices.u }
        : null,
    result,
  };
}

/** A match's main full-time market of a kind: the one flagged main, else the first open one. */
export function mainMarket(markets: readonly MarketView[], kind: 'hdp' | 'ou'): MarketView | undefined {
  const open = markets.filter((m) => m.kind === kind && m.period === 'ft' && m.status === 'open');
  return open.find((m) => m.isMain) ?? open.sort((a, b) => a.id - b.id)[0];
}
