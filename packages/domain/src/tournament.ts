import { Rational } from './decimal';

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
