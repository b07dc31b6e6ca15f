import { randomInt } from 'node:crypto';

/**
 * Fault switches for tests: each is the probability (0 to 1) that a wallet call suffers that fault.
 * - delay: the call waits delayMs before it leaves;
 * - drop: the call reaches the platform but its answer is lost, as after a network time-out;
 * - duplicate: the same request (same request_uuid) is sent twice at once;
 * - rollbackBeforeBet: a bet's rollback is sent (and answered) before the bet itself;
 * - reorder: the call is held back until the next call has gone (or reorderHoldMs passed).
 */
export interface FaultSettings {
  delayMs: number;
  delay: number;
  drop: number;
  duplicate: number;
  rollbackBeforeBet: number;
  reorder: number;
  reorderHoldMs: number;
}

export const NO_FAULTS: FaultSettings = {
  delayMs: 0,
  delay: 0,
  drop: 0,
  duplicate: 0,
  rollbackBeforeBet: 0,
  reorder: 0,
  reorderHoldMs: 250,
};

export type FaultName = 'delay' | 'drop' | 'duplicate' | 'rollbackBeforeBet' | 'reorder';

/** Counts of the faults actually injected, for the admin view and the fault-run test. */
export type FaultCounts = Record<FaultName, number>;

export class Faults {
  settings: FaultSettings = { ...NO_FAULTS };
  readonly injected: FaultCounts = { delay: 0, drop: 0, duplicate: 0, rollbackBeforeBet: 0, reorder: 0 };

  /** Draws whether this call suffers the fault (crypto randomness, in millionths). */
  roll(name: FaultName): boolean {
    const probability = this.settings[name];
    if (probability <= 0) return false;
    const hit = randomInt(1_000_000) < Math.round(probability * 1_000_000);
    if (hit) this.injected[name] += 1;
    return hit;
  }

  /** Applies a partial update from POST /admin/faults; null when a value is out of range. */
  update(input: Record<string, unknown>): FaultSettings | null {
    const next = { ...this.settings };
    const rates: [string, FaultName][] = [
      ['delay', 'delay'],
      ['drop', 'drop'],
      ['duplicate', 'duplicate'],
      ['rollback_before_bet', 'rollbackBeforeBet'],
      ['reorder', 'reorder'],
    ];
    for (const [key, name] of rates) {
      const value = input[key];
      if (value === undefined) continue;
      const rate = value === true ? 1 : value === false ? 0 : value;
      if (typeof rate !== 'number' || !(rate >= 0 && rate <= 1)) return null;
      next[name] = rate;
    }
    for (const [key, name] of [
      ['delay_ms', 'delayMs'],
      ['reorder_hold_ms', 'reorderHoldMs'],
    ] as const) {
      const value = input[key];
      if (value === undefined) continue;
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 30_000) return null;
      next[name] = value;
    }
    this.settings = next;
    return next;
  }

  reset(): void {
    this.settings = { ...NO_FAULTS };
    for (const name of Object.keys(this.injected) as FaultName[]) this.injected[name] = 0;
  }
}
