import { Rational } from './decimal';
import type { Outcome } from './outcome';
import { legFactor } from './parlay';

/** Tournament room rules (product spec 5 and 9). */
export const ROOM_ENTRY_FEE_MIN = 10;
export const ROOM_ENTRY_FEE_MAX = 1000;
export const ROOM_PLAYERS_MIN = 3;
export const ROOM_PLAYERS_MAX = 30;
export const ROOM_MATCHES_MIN = 3;
export const ROOM_PIN_PATTERN = /^\d{6}$/;

/** Room types: 1 public (paid), 2 private (PIN), 3 free public. */
export type RoomType = 1 | 2 | 3;

export type RoomCheck =
  | { readonly ok: true }
  | {
      readonly ok: false;
      readonly code:
        | 'invalidRoomRate'
        | 'minRoomRate'
        | 'maxRoomRate'
        | 'invalidRoomLimit'
        | 'minRoomLimit'
        | 'maxRoomLimit'
        | 'minMatch'
        | 'maxMatch'
        | 'liveMatchNotAllowed'
        | 'roomPasswordRequired'
        | 'invalidRoomPassword';
      readonly params: Readonly<Record<string, string | number>>;
    };

/**
 * Checks a room before it is created, in this order: entry fee (not for a free room) a number from 10 to 1000;
 * players a whole number from 3 to 30; at least 3 matches and at most `maxMatches`; no live match; a private
 * room's PIN exactly 6 digits.
 */
export function checkRoom(input: {
  type: RoomType;
  entryFee: string;
  playerLimit: string;
  matches: readonly { readonly live: boolean }[];
  maxMatches: number;
  pin?: string;
}): RoomCheck {
  if (input.type !== 3) {
    const fee = /^\d+(\.\d{1,2})?$/.test(input.entryFee) ? Rational.parse(input.entryFee) : null;
    if (fee === null) return { ok: false, code: 'invalidRoomRate', params: { value: input.entryFee } };
    if (fee.lt(Rational.int(ROOM_ENTRY_FEE_MIN)))
      return { ok: false, code: 'minRoomRate', params: { min: ROOM_ENTRY_FEE_MIN } };
    if (fee.gt(Rational.int(ROOM_ENTRY_FEE_MAX)))
      return { ok: false, code: 'maxRoomRate', params: { max: ROOM_ENTRY_FEE_MAX } };
  }
  if (!/^\d{1,6}$/.test(input.playerLimit)) {
    return { ok: false, code: 'invalidRoomLimit', params: { value: input.playerLimit } };
  }
  const players = Number(input.playerLimit);
  if (players < ROOM_PLAYERS_MIN)
    return { ok: false, code: 'minRoomLimit', params: { min: ROOM_PLAYERS_MIN } };
  if (players > ROOM_PLAYERS_MAX)
    return { ok: false, code: 'maxRoomLimit', params: { max: ROOM_PLAYERS_MAX } };
  if (input.matches.length < ROOM_MATCHES_MIN)
    return { ok: false, code: 'minMatch', params: { min: ROOM_MATCHES_MIN } };
  if (input.matches.length > input.maxMatches)
    return { ok: false, code: 'maxMatch', params: { max: input.maxMatches } };
  if (input.matches.some((match) => match.live))
    return { ok: false, code: 'liveMatchNotAllowed', params: {} };
  if (input.type === 2) {
    if (input.pin === undefined || input.pin === '')
      return { ok: false, code: 'roomPasswordRequired', params: {} };
    if (!ROOM_PIN_PATTERN.test(input.pin)) return { ok: false, code: 'invalidRoomPassword', params: {} };
  }
  return { ok: true };
}

/** A PIN typed to join a private room must be exactly 6 digits. */
export function isValidRoomPin(pin: string): boolean {
  return ROOM_PIN_PATTERN.test(pin);
}

// ---- Scoring, ranking, pool and prizes (rules.md decision 11) ----

/** Every pick is a virtual stake of this many points, settled by the sportsbook's own rules. */
export const ROOM_VIRTUAL_STAKE = 100;
/** Champion, FirstRunnerUp, SecondRunnerUp: percent of the pool per place. */
export const ROOM_PRIZE_SPLIT: readonly number[] = [50, 30, 20];
/** Default operator fee on paid rooms, in basis points of the entries (10%). */
export const ROOM_OPERATOR_FEE_BPS = 1000;

/** The points of one decided pick: 100 x (leg factor - 1); a win at 1.90 scores 90, a half win 45, a loss -100. */
export function pickPoints(outcome: Outcome, decimalPrice: string): Rational {
  const factor = legFactor({ format: 'DEC', price: decimalPrice, outcome });
  return factor.sub(Rational.ONE).mul(Rational.int(ROOM_VIRTUAL_STAKE));
}

/** Whether an outcome counts as a winning or a losing pick for the tie-breaks (a half counts). */
export function pickTally(outcome: Outcome): { win: number; loss: number } {
  if (outcome === 'won' || outcome === 'won_half') return { win: 1, loss: 0 };
  if (outcome === 'lost' || outcome === 'lost_half') return { win: 0, loss: 1 };
  return { win: 0, loss: 0 };
}

export interface Standing {
  readonly memberId: string;
  readonly points: Rational;
  readonly wins: number;
  readonly losses: number;
  /** When the member last changed picks (ms since epoch): earlier ranks higher on a tie. */
  readonly lastChange: number;
}

export interface RankedStanding extends Standing {
  /** 1-based place; tied players share the first place their group covers. */
  readonly place: number;
  /** How many players share this place (1 when alone). */
  readonly tied: number;
}

function compareStandings(a: Standing, b: Standing): number {
  const byPoints = b.points.cmp(a.points);
  if (byPoints !== 0) return byPoints;
  if (a.wins !== b.wins) return b.wins - a.wins;
  if (a.losses !== b.losses) return a.losses - b.losses;
  return a.lastChange - b.lastChange;
}

/**
 * Ranks by points, then more winning picks, then fewer losing picks, then the earlier last change of picks;
 * players still equal on all four share the places they cover.
 */
export function rankStandings(standings: readonly Standing[]): RankedStanding[] {
  const sorted = [...standings].sort(compareStandings);
  const ranked: RankedStanding[] = [];
  let start = 0;
  while (start < sorted.length) {
    let end = start + 1;
    while (end < sorted.length && compareStandings(sorted[start]!, sorted[end]!) === 0) end += 1;
    for (let i = start; i < end; i += 1) ranked.push({ ...sorted[i]!, place: start + 1, tied: end - start });
    start = end;
  }
  return ranked;
}

export interface RoomPool {
  /** What the prizes share (minor units). */
  readonly pool: bigint;
  /** The operator's fee kept from the entries (0 for a free room). */
  readonly operatorFee: bigint;
}

/**
 * A paid room's pool is the entries less the operator's fee (rounded down to the cent, so the fee never
 * takes more than its rate); a free room's is the prize the operator funds.
 */
export function roomPool(input: {
  free: boolean;
  entryFeeMinor: bigint;
  players: number;
  operatorFeeBps?: number;
  freePrizeMinor: bigint;
}): RoomPool {
  if (input.free) return { pool: input.freePrizeMinor, operatorFee: 0n };
  const entries = input.entryFeeMinor * BigInt(input.players);
  const bps = BigInt(input.operatorFeeBps ?? ROOM_OPERATOR_FEE_BPS);
  const operatorFee = (entries * bps) / 10_000n;
  return { pool: entries - operatorFee, operatorFee };
}

export interface PrizeSplit {
  /** Prize per member (minor units), only members with a prize. */
  readonly prizes: ReadonlyMap<string, bigint>;
  /** What rounding left over (already included in the champion's prize when it goes to the champion). */
  readonly remainder: bigint;
  readonly remainderTo: 'champion' | 'house';
}

/**
 * Splits the pool 50/30/20 over the places. Tied players add up the prizes of the places they cover and
 * share them equally, each share rounded down to the cent. The remainder goes to the Champion, except in a
 * free room or when the Champion's place is shared: then it stays with the house.
 */
export function splitPrizes(pool: bigint, ranked: readonly RankedStanding[], free: boolean): PrizeSplit {
  const prizes = new Map<string, bigint>();
  let paid = 0n;
  const groups = new Map<number, RankedStanding[]>();
  for (const standing of ranked) {
    if (standing.place > ROOM_PRIZE_SPLIT.length) continue;
    groups.set(standing.place, [...(groups.get(standing.place) ?? []), standing]);
  }
  for (const [place, members] of groups) {
    let percent = 0;
    for (let p = place; p < place + members[0]!.tied && p <= ROOM_PRIZE_SPLIT.length; p += 1) {
      percent += ROOM_PRIZE_SPLIT[p - 1]!;
    }
    const share = (pool * BigInt(percent)) / (100n * BigInt(members.length));
    for (const member of members) {
      if (share > 0n) prizes.set(member.memberId, share);
      paid += share;
    }
  }
  const remainder = pool - paid;
  const champions = groups.get(1) ?? [];
  const toChampion = !free && champions.length === 1;
  if (toChampion && remainder > 0n) {
    const champion = champions[0]!.memberId;
    prizes.set(champion, (prizes.get(champion) ?? 0n) + remainder);
  }
  return { prizes, remainder, remainderTo: toChampion ? 'champion' : 'house' };
}

/** Why a room is cancelled, or null: fewer than 3 players at join close, fewer than 3 non-void matches left. */
export function roomCancellation(input: {
  players: number;
  nonVoidMatches: number;
}): 'notEnoughPlayers' | 'notEnoughMatches' | null {
  if (input.players < ROOM_PLAYERS_MIN) return 'notEnoughPlayers';
  if (input.nonVoidMatches < ROOM_MATCHES_MIN) return 'notEnoughMatches';
  return null;
}
