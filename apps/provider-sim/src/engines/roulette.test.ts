import { describe, expect, it } from 'vitest';
import {
  covers,
  parseRouletteBet,
  pocketColour,
  rouletteRtp,
  settleRoulette,
  type RouletteBet,
} from './roulette';

const bets: RouletteBet[] = [
  ...Array.from({ length: 37 }, (_, number) => ({ kind: 'straight', number }) as const),
  { kind: 'red' },
  { kind: 'black' },
  { kind: 'odd' },
  { kind: 'even' },
  { kind: 'low' },
  { kind: 'high' },
  ...([1, 2, 3] as const).flatMap((index) => [
    { kind: 'dozen', index } as const,
    { kind: 'column', index } as const,
  ]),
];

describe('European roulette', () => {
  it.each(bets.map((bet) => [JSON.stringify(bet), bet] as const))('%s returns 36/37 exactly', (_, bet) => {
    expect(rouletteRtp(bet)).toEqual({ num: 36n, den: 37n });
  });

  it('zero loses every outside bet and colours are 18 red, 18 black', () => {
    expect(bets.filter((bet) => bet.kind !== 'straight').some((bet) => covers(bet, 0))).toBe(false);
    const colours = Array.from({ length: 37 }, (_, pocket) => pocketColour(pocket));
    expect(colours.filter((colour) => colour === 'red')).toHaveLength(18);
    expect(colours.filter((colour) => colour === 'black')).toHaveLength(18);
  });

  it('pays 35:1, 2:1 and 1:1 with the stake returned', () => {
    expect(settleRoulette({ kind: 'straight', number: 17 }, 17, 100n)).toBe(3600n);
    expect(settleRoulette({ kind: 'dozen', index: 2 }, 17, 100n)).toBe(300n);
    expect(settleRoulette({ kind: 'column', index: 2 }, 17, 100n)).toBe(300n);
    expect(settleRoulette({ kind: 'black' }, 17, 100n)).toBe(200n);
    expect(settleRoulette({ kind: 'red' }, 17, 100n)).toBe(0n);
  });

  it('parses only well-formed bets', () => {
    expect(parseRouletteBet({ kind: 'straight', number: 36 })).toEqual({ kind: 'straight', number: 36 });
    expect(parseRouletteBet({ kind: 'straight', number: 37 })).toBeNull();
    expect(parseRouletteBet({ kind: 'dozen', index: 4 })).toBeNull();
    expect(parseRouletteBet({ kind: 'purple' })).toBeNull();
    expect(parseRouletteBet(null)).toBeNull();
  });
});
