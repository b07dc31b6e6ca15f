import { DEFAULT_MYANMAR_COMMISSION } from '@sb/domain';
import type { AppContext } from '../../context';
import { formatMinor } from '../../lib/money';
import { bookForecast, type BookForecastGroup, type ForecastBetRow } from './figures';
import { SettlementBatches } from './batch';
import { SettlementRunner } from './runner';
import { settlementRepository } from './repository';

export interface SettlementOptions {
  /** Bets per transaction: bounded work, so a match with 100,000 bets is many short transactions. */
  batchSize: number;
  /** How long a process holds a job before another may take it over (it renews per batch). */
  leaseMs: number;
  myanmarCommission: string;
  /**
   * Batches of one job in flight at once on PostgreSQL (PGlite has one connection: always one). Two keep the
   * database busy while this process works out the next batch; batches hold disjoint bets and lock ledger
   * accounts in id order, so they never deadlock, at worst one waits for a member the other holds.
   */
  lanes: number;
}

export const DEFAULT_SETTLEMENT_OPTIONS: SettlementOptions = {
  batchSize: 1_000,
  leaseMs: 30_000,
  myanmarCommission: DEFAULT_MYANMAR_COMMISSION,
  lanes: 2,
};

/**
 * Settlement's front door: the job runner (runner.ts: the queue's jobs, leased, walked in batches; run by the
 * settlement job in src/jobs and by `npm run settle` workers) and the batch (batch.ts: one transaction that
 * decides legs and posts the money through the ledger), plus the operator's cancellation of a bet.
 */
export class SettlementService {
  private readonly batches: SettlementBatches;
  private readonly runner: SettlementRunner;
  private readonly myanmarCommission: string;

  constructor(
    private readonly ctx: AppContext,
    options: SettlementOptions = DEFAULT_SETTLEMENT_OPTIONS,
  ) {
    this.myanmarCommission = options.myanmarCommission;
    this.batches = new SettlementBatches(ctx, options.myanmarCommission);
    this.runner = new SettlementRunner(ctx, options, this.batches);
  }

  /** True while a run is under way or waiting: the timer skips its tick then. */
  get busy(): boolean {
    return this.runner.busy;
  }

  /** Resolves when no run is under way (shutdown waits for the batch in hand). */
  idle(): Promise<void> {
    return this.runner.idle();
  }

  /** Works through the due jobs, after any run already under way in this process (runs never overlap). */
  runDue(): Promise<{ jobs: number; bets: number }> {
    return this.runner.runDue();
  }

  /**
   * An operator cancels a bet: a running bet's stake is released, a settled bet's settlement reversed so
   * the member ends with the stake back. Either way one transfer, and the bet is void.
   */
  /** What an operator's cancel of this bet replaces (its audit row's "before"), minor units as decimal text. */
  async betStanding(refNo: string): Promise<object> {
    const bet = await settlementRepository.betStanding(this.ctx.db, refNo);
    if (!bet) return {};
    const money = (value: string | null) => (value === null ? null : formatMinor(BigInt(value)));
    return {
      status: bet.status,
      stake: money(bet.stake),
      payout: money(bet.payout),
      win_loss: money(bet.win_loss),
      settled_at: bet.settled_at?.toISOString() ?? null,
      cancelled_at: bet.cancelled_at?.toISOString() ?? null,
    };
  }

  cancelBet(refNo: string, reason: string): Promise<{ ref_no: string; bet_status: 'void' }> {
    return this.batches.cancelBet(refNo, reason);
  }

  /**
   * The trading desk's forecast of open bets on match `matchId`: what the book makes on them if the match ended
   * with a given result, by the very rules a settlement batch applies (figures.ts bookForecast).
   */
  bookForecast(bets: readonly ForecastBetRow[], matchId: string): BookForecastGroup[] {
    return bookForecast(bets, matchId, this.myanmarCommission);
  }
}

export type { BookForecastGroup, ForecastBetRow } from './figures';

/** How a stored open bet and its legs read as the forecast's rows (the settlement batch's own mapping). */
export { toForecastRow } from './decision';

/** How a stored result reads as the domain's match result (also used by tournament scoring). */
export { toMatchResult } from './selection';

/** The settlement inputs of matches (state, detail, stored result), for modules that settle on them too. */
export const settlementRecords = {
  matchesWithResults: settlementRepository.matchesWithResults.bind(settlementRepository),
};
