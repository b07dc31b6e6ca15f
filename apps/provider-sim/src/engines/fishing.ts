import { rational, type Rational } from '../rational';
import type { RandomSource } from '../rng';

/**
 * Fishing: each shot at a fish is a bet of the shot's cost; the fish is caught with probability
 * rtp / multiplier and then pays cost × multiplier. The return of a shot is therefore the target RTP
 * exactly, whichever fish the player aims at.
 */
export interface Fish {
  id: string;
  name: string;
  multiplier: bigint;
}

export function catchProbability(fish: Fish, rtp: Rational): Rational {
  return rational(rtp.num, rtp.den * fish.multiplier);
}

export function shotRtp(fish: Fish, rtp: Rational): Rational {
  const chance = catchProbability(fish, rtp);
  return rational(chance.num * fish.multiplier, chance.den);
}

export function shoot(
  fish: Fish,
  rtp: Rational,
  cost: bigint,
  random: RandomSource,
): { caught: boolean; win: bigint } {
  const chance = catchProbability(fish, rtp);
  const caught = random.below(chance.den) < chance.num;
  return { caught, win: caught ? cost * fish.multiplier : 0n };
}
