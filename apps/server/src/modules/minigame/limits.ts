import type { MiniGame, MiniGameLimits } from '@sb/contract';
import { scaleFromMyr } from '@sb/domain';
import { formatMinor } from '../../lib/money';

/** Stake limits per game in MYR minor units: min and max stake, and the most one round may pay. */
const MYR_LIMITS: Record<MiniGame, { min: bigint; max: bigint; maxPayout: bigint }> = {
  crash: { min: 100n, max: 200_000n, maxPayout: 10_000_000n },
  dice: { min: 100n, max: 500_000n, maxPayout: 10_000_000n },
  hilo: { min: 100n, max: 100_000n, maxPayout: 5_000_000n },
};

export interface GameLimit {
  min: bigint;
  max: bigint;
  maxPayout: bigint;
}

/** A game's limits in the member's currency, rounded to whole units so they read cleanly. */
export function gameLimit(game: MiniGame, currency: string): GameLimit {
  const scale = (minor: bigint) => scaleFromMyr(minor, currency);
  const base = MYR_LIMITS[game];
  return { min: scale(base.min), max: scale(base.max), maxPayout: scale(base.maxPayout) };
}

export function limitViews(currency: string): MiniGameLimits[] {
  return (Object.keys(MYR_LIMITS) as MiniGame[]).map((game) => {
    const limit = gameLimit(game, currency);
    return {
      game,
      min_stake: formatMinor(limit.min),
      max_stake: formatMinor(limit.max),
      max_payout: formatMinor(limit.maxPayout),
    };
  });
}
