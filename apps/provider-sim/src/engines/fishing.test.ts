import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../catalog';
import { scriptedRandom } from '../rng';
import { catchProbability, shoot, shotRtp } from './fishing';

const fishing = CATALOGUE.flatMap((game) => (game.engine === 'fishing' ? [game] : []));

describe('fishing', () => {
  it.each(fishing.map((game) => [game.code, game] as const))(
    '%s: every fish returns the RTP exactly',
    (_, game) => {
      expect(game.fish.length).toBeGreaterThanOrEqual(5);
      for (const fish of game.fish) {
        expect(shotRtp(fish, game.rtp)).toEqual(game.rtp);
        const chance = catchProbability(fish, game.rtp);
        expect(chance.num <= chance.den).toBe(true);
      }
    },
  );

  it('a shot catches below the probability line and misses above it', () => {
    const fish = { id: 'clown', name: 'Clownfish', multiplier: 2n };
    const rtp = { num: 24n, den: 25n }; // 96%: catch chance 24/50 = 12/25
    expect(shoot(fish, rtp, 100n, scriptedRandom([11n]))).toEqual({ caught: true, win: 200n });
    expect(shoot(fish, rtp, 100n, scriptedRandom([12n]))).toEqual({ caught: false, win: 0n });
  });
});
