import type { BetPick, BetView, MmoPick, PayoutCapView } from '@sb/contract';
import { fromMinorUnits, toMinorUnits } from '@sb/domain';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { AccountService } from '../account/service';
import type { MarketSnapshot } from '../catalog/snapshot';
import { LiveBetAcceptor } from './acceptor';
import { MemberBets } from './history';
import { MemberLimits } from './limits';
import { BetPlacement, type PlaceInput } from './placement';
import { BetQuotes } from './quote';
import { betRepository as repo } from './repository';
import { myanmarPricing, standardPricing, type Placement } from './strategies';

export { betReply, betTypeCode, betTypeOf, legReply, type StoredBet, type StoredLeg } from './views';

/**
 * Betting's front door, one part per flow: the quotes (betcheck), the placement pipeline (standard and Myanmar
 * pricing), the live-bet acceptor (run as a job, see src/jobs) and the member's bet views. The operator's payout
 * caps live here too.
 */
export class BettingService {
  readonly quotes: BetQuotes;
  readonly placement: BetPlacement;
  readonly acceptor: LiveBetAcceptor;
  readonly bets: MemberBets;

  constructor(
    private readonly ctx: AppContext,
    accounts: AccountService,
    private readonly snapshot: MarketSnapshot,
    liveDelayMs: number,
  ) {
    // One limits cache for quotes and placement: a quote warms the bet that follows it.
    const limits = new MemberLimits(ctx);
    this.quotes = new BetQuotes(ctx, accounts, snapshot, limits);
    this.bets = new MemberBets(ctx, accounts);
    this.placement = new BetPlacement(ctx, accounts, snapshot, limits, this.bets, liveDelayMs);
    this.acceptor = new LiveBetAcceptor(ctx, snapshot);
  }

  /** betcheck: the price now in the member's odds type, the stake limits and the max payout for one pick. */
  check(input: { account_id: string; session_token: string; odds_type: string } & BetPick) {
    return this.quotes.check(input);
  }

  /** betcheckmultispecial: every pick's price now, plus the parlay's combined limits and leg check. */
  checkMulti(input: { account_id: string; session_token: string; odds_type: string; picks: BetPick[] }) {
    return this.quotes.checkMulti(input);
  }

  /** betmmoclick: a Myanmar price's current line and the member's Myanmar limits. */
  mmoClick(input: { account_id: string; session_token: string } & MmoPick) {
    return this.quotes.mmoClick(input);
  }

  /** betsingle, betparlay, betsysparlay: Malay, Hong Kong, Indo or decimal odds. */
  place(input: PlaceInput & { odds_type: string }, placement: Placement): Promise<BetView> {
    return this.placement.place(input, standardPricing(input, placement));
  }

  /** betsinglemmo / betparlaymmo: Myanmar odds for MMK members. */
  placeMyanmar(input: PlaceInput, picks: MmoPick[], kind: 'single' | 'parlay'): Promise<BetView> {
    return this.placement.place(input, myanmarPricing(input, picks, kind));
  }

  /** Decides waiting live bets whose delay is over (the acceptor job runs this). */
  acceptDue(): Promise<{ accepted: number; rejected: number }> {
    return this.acceptor.acceptDue();
  }

  /** The member's own bets by list name. */
  list(...args: Parameters<MemberBets['list']>): ReturnType<MemberBets['list']> {
    return this.bets.list(...args);
  }

  /** One parlay of the member's in a given state, with its legs. */
  parlayDetails(input: { account_id: string; session_token: string; bet_id: number }, statuses: string[]) {
    return this.bets.parlayDetails(input, statuses);
  }

  /** The per-day payout caps in force (operator). */
  async payoutCaps(): Promise<PayoutCapView[]> {
    const rows = await repo.payoutCaps(this.ctx.db);
    return rows.map((row) => ({
      sport_id: row.sport_id,
      currency: row.currency,
      cap: fromMinorUnits(BigInt(row.cap)),
    }));
  }

  /** Sets one sport's (0: every other sport's) per-day payout cap in a currency (operator). */
  async setPayoutCap(input: { sport_id: number; currency: string; cap: string }): Promise<PayoutCapView> {
    if (input.sport_id !== 0 && !this.snapshot.sports.has(input.sport_id)) {
      throw new AppError('invalid_request', { field: 'sport_id' });
    }
    const cap = toMinorUnits(input.cap);
    await repo.setPayoutCap(this.ctx.db, input.sport_id, input.currency, cap);
    return { sport_id: input.sport_id, currency: input.currency, cap: fromMinorUnits(cap) };
  }
}

/**
 * The bet records other modules may change, published through this service (never the repository itself):
 * settlement gives a bet's running totals back when it cancels a bet that was never settled.
 */
export const betRecords = {
  releaseBetExposure: repo.releaseBetExposure.bind(repo),
};
