import type { Currency, MiniGame, MiniGameLimits } from '@sb/contract';
import { formatMinor } from '../../lib/money';

/** Stake limits per game in MYR minor units: min and max stake, and the most one round may pay. */
const MYR_LIMITS: Record<MiniGame, { min: bigint; max: bigint; maxPayout: bigint }> = {
  crash: { min: 100n, max: 200_000n, maxPayout: 10_000_000n },
  dice: { min: 100n, max: 500_000n, maxPayout: 10_000_000n },
  hilo: { min: 100n, max: 100_000n, maxPayout: 5_000_000n },
};

/** Units of a currency worth about one MYR, as an exact ratio (IDR and MMK in the books' thousands). */
const SCALE: Record<Currency, { num: bigint; den: bigint }> = {
  MYR: { num: 1n, den: 1n },
  SGD: { num: 3n, den: 10n },
  USD: { num: 1n, den: 4n },
  CNY: { num: 3n, den: 2n },
  THB: { num: 8n, den: 1n },
  IDR: { num: 1n, den: 1n },
  MMK: { num: 1n, den: 1n },
};

export interface GameLimit {
  min: bigint;
  max: bigint;
  maxPayout: bigint;
}

/** A game's limits in the member's currency, rounded to whole units so they read cleanly. */
export function gameLimit(game: MiniGame, currency: string): GameLimit {
  const { num, den } = SCALE[currency as Currency] ?? SCALE.MYR;
  const scale = (minor: bigint) => {
    const whole = ((minor * num) / den / 100n) * 100n;
    return whole > 0n ? whole : 100n;
  };
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
