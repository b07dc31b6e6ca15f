import { describe, expect, it } from 'vitest';
import { checkRoom, isValidRoomPin } from './tournament';

const matches = (count: number, live = false) => Array.from({ length: count }, () => ({ live }));
const base = { type: 1 as const, entryFee: '100', playerLimit: '10', matches: matches(3), maxMatches: 10 };

describe('checkRoom: ordered checks (product spec 5, 9)', () => {
  it.each([
    [{}, null],
    [{ entryFee: 'ten' }, 'invalidRoomRate'],
    [{ entryFee: '9.99' }, 'minRoomRate'],
    [{ entryFee: '10' }, null],
    [{ entryFee: '1000' }, null],
    [{ entryFee: '1000.01' }, 'maxRoomRate'],
    [{ type: 3, entryFee: '0' }, null], // a free room has no fee
    [{ playerLimit: '3.5' }, 'invalidRoomLimit'],
    [{ playerLimit: '2' }, 'minRoomLimit'],
    [{ playerLimit: '3' }, null],
    [{ playerLimit: '30' }, null],
    [{ playerLimit: '31' }, 'maxRoomLimit'],
    [{ matches: matches(2) }, 'minMatch'],
    [{ matches: matches(11) }, 'maxMatch'],
    [{ matches: [...matches(2), { live: true }] }, 'liveMatchNotAllowed'],
    [{ type: 2 }, 'roomPasswordRequired'],
    [{ type: 2, pin: '12345' }, 'invalidRoomPassword'],
    [{ type: 2, pin: '12345a' }, 'invalidRoomPassword'],
    [{ type: 2, pin: '123456' }, null],
    // Order: the fee is checked before the players.
    [{ entryFee: '5', playerLimit: '50' }, 'minRoomRate'],
  ] as const)('%j -> %s', (change, code) => {
    const result = checkRoom({ ...base, ...change });
    expect(result.ok ? null : result.code).toBe(code);
  });

  it('a PIN is exactly 6 digits', () => {
    expect(isValidRoomPin('000000')).toBe(true);
    expect(isValidRoomPin('1234567')).toBe(false);
  });
});
