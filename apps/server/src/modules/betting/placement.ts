import { randomBytes } from 'node:crypto';
import type { BetView } from '@sb/contract';
import { checkStake, fromMinorUnits, potentialPayoutMinor, toMinorUnits } from '@sb/domain';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../lib/app-error';
import type { AccountService, MemberSession, SessionGuard } from '../account/service';
import type { MarketSnapshot } from '../catalog/snapshot';
import type { MemberBalances } from '../ledger/service';
import { PlacementBatcher } from './batcher';
import { dayScope, matchScope } from './exposure';
import type { MemberBets } from './history';
import type { MemberLimits } from './limits';
import { notifyBet } from './notify';
import {
  betRepository as repo,
  type ExposureAdd,
  type NewBet,
  type NewLeg,
  type PlaceOutcome,
} from './repository';
import type { PricedBet, PricingStrategy } from './strategies';
import { memberBetView } from './views';

/** What every placement call carries besides its picks. */
export interface PlaceInput {
  account_id: string;
  session_token: string;
  stake: string;
  idempotency_key: string;
}

/**
 * Bet placement, one pipeline for every odds type (the pricing strategy is the only part that differs): every
 * check in a fixed order with the spec's codes, then in one statement the stake is reserved in the ledger and
 * the bet written. Live bets are written waiting; the acceptor decides them when their delay is over.
 */
export class BetPlacement {
  private batcher: PlacementBatcher | undefined;

  constructor(
    private readonly ctx: AppContext,
    private readonly accounts: AccountService,
    private readonly snapshot: MarketSnapshot,
    private readonly limits: MemberLimits,
    private readonly bets: MemberBets,
    private readonly liveDelayMs: number,
  ) {}

  async place(input: PlaceInput, strategy: PricingStrategy): Promise<BetView> {
    return this.guarded(input, (session, guard, exact) =>
      this.placeFor(session, guard, exact, input, strategy),
    );
  }

  private async placeFor(
    session: MemberSession,
    guard: SessionGuard,
    exact: boolean,
    input: PlaceInput,
    strategy: PricingStrategy,
  ): Promise<BetView> {
    const accountPk = String(session.account.id);
    const hash = strategy.requestHash;
    // Idempotency first: a retried request is answered with the first answer, never a second bet. The fast
    // path leaves this to the unique index; a refusal is answered from the exact path, which reads first.
    if (exact) {
      const earlier = await repo.findByIdempotencyKey(this.ctx.db, accountPk, input.idempotency_key);
      if (earlier) return this.replay(session, earlier, hash);
    }
    strategy.admit(session);
    if (session.viewOnly) throw new AppError('SUSPEND');
    if (session.account.commission_rate === null) throw new AppError('memberCommissionNotSetup');
    const currency = session.account.currency ?? '';
    const settings = session.account.settings;
    const priced = strategy.price(this.snapshot, {
      acceptBetterOdds: settings.acceptBetterOdds === 'true',
      acceptAnyOdds: settings.acceptAnyOdds === 'true',
    });

    const limits = await this.limits.limitsFor(session, priced.limitIds);
    const stakeCheck = checkStake({ stake: input.stake, limits, bet: priced.staked, mode: 'strict' });
    if (!stakeCheck.ok) throw new AppError(stakeCheck.code, { extra: { params: stakeCheck.params } });
    const stakeMinor = toMinorUnits(stakeCheck.stake);
    const risk = priced.riskOf(stakeMinor);
    const maxPayout = potentialPayoutMinor(priced.staked, stakeMinor);
    const live = priced.legs.some((leg) => leg.match.live);
    const refNo = newRefNo();
    const now = this.ctx.now();
    const legs = priced.legs.map(newLeg);
    const bet: NewBet = {
      createdAt: now,
      refNo,
      accountPk,
      idempotencyKey: input.idempotency_key,
      requestHash: hash,
      kind: priced.kind,
      status: live ? 'waiting' : 'running',
      currency,
      oddsType: priced.oddsType,
      odds: priced.odds,
      stake: stakeMinor,
      risk,
      maxPayout,
      foldSizes: priced.foldSizes,
      combinations: priced.combinations,
      live,
      acceptAt: live ? new Date(now.getTime() + this.liveDelayMs) : null,
      reservationId: `stake:${refNo}`,
    };
    const written = await this.write(
      session,
      guard,
      bet,
      legs,
      exposureAdds(priced.kind === 'single', legs, stakeMinor, maxPayout, limits.maxPerMatch, now),
    );
    if ('bet_id' in written) return written;
    await notifyBet(
      this.ctx,
      session.account,
      written.balances,
      legs.map((leg) => leg.matchId),
    );
    // The answer is built from what was just written: no read-back on the hot path.
    return this.answer(written.betId, bet, priced);
  }

  /** The reply of a bet just written, through the one mapping of a bet to its reply. */
  private answer(betId: string, bet: NewBet, priced: PricedBet): BetView {
    return memberBetView(
      {
        id: betId,
        ref_no: bet.refNo,
        kind: bet.kind,
        status: bet.status,
        odds_type: bet.oddsType,
        odds: bet.odds,
        stake: bet.stake,
        risk: bet.risk,
        max_payout: bet.maxPayout,
        payout: null,
        win_loss: null,
        currency: bet.currency,
        fold_sizes: bet.foldSizes,
        combinations: bet.combinations,
        reject_reason: null,
        created_at: bet.createdAt,
      },
      priced.legs.map((leg, i) => ({
        leg_no: i + 1,
        match_id: leg.match.id,
        market_id: leg.market.id,
        sport_id: leg.match.sportId,
        league: this.snapshot.leagues.get(leg.match.leagueId)?.name ?? '',
        home: leg.match.home,
        away: leg.match.away,
        kickoff: new Date(leg.match.kickoff),
        kind: leg.market.kind,
        period: leg.market.period,
        line: leg.market.line,
        selection: leg.selection,
        odds: leg.odds,
        live: leg.match.live,
        home_score: leg.match.live ? leg.match.score[0] : null,
        away_score: leg.match.live ? leg.match.score[1] : null,
        outcome: null,
      })),
    );
  }

  /**
   * Runs a placement on the remembered session (no session, upline or idempotency reads: the write re-checks
   * them in its own statement). Any refusal is answered again on the exact path, from fresh reads in the
   * original order (session, idempotent replay, checks), so a remembered session never changes an answer.
   */
  private async guarded(
    input: { account_id: string; session_token: string },
    attempt: (session: MemberSession, guard: SessionGuard, exact: boolean) => Promise<BetView>,
  ): Promise<BetView> {
    const first = await this.accounts.sessionForWrite(input);
    try {
      return await attempt(first.session, first.guard, false);
    } catch (error) {
      if (!(error instanceof AppError || error instanceof StaleSession || isUniqueViolation(error)))
        throw error;
      this.accounts.forgetSession(input.session_token);
    }
    // Bounded: the guard can only fail again if the member's profile changes between the read and the write.
    for (let round = 0; round < 2; round += 1) {
      const fresh = await this.accounts.sessionForWrite(input, true);
      try {
        return await attempt(fresh.session, fresh.guard, true);
      } catch (error) {
        if (!(error instanceof StaleSession)) throw error;
        this.accounts.forgetSession(input.session_token);
      }
    }
    await this.accounts.requireSession(input);
    throw new AppError('requestProcessing');
  }

  /**
   * One statement: the stake reserved in the ledger, the bet, its legs and running totals written (see
   * betRepository.place). A parallel retry with the same key loses on the unique index and is answered as a
   * replay; a crossed per-match or per-day total is answered with its code.
   */
  private async write(
    session: MemberSession,
    guard: SessionGuard,
    bet: NewBet,
    legs: NewLeg[],
    exposure: ExposureAdd[],
  ): Promise<{ betId: string; balances: MemberBalances } | BetView> {
    let outcome: PlaceOutcome;
    try {
      this.batcher ??= new PlacementBatcher(this.ctx.db);
      outcome = await this.batcher.place({ guard, bet, legs, exposure });
    } catch (error) {
      if (isUniqueViolation(error)) {
        const first = await repo.findByIdempotencyKey(this.ctx.db, bet.accountPk, bet.idempotencyKey);
        if (first) return this.replay(session, first, bet.requestHash);
      }
      if (isCheckViolation(error, 'bet_exposure_cap')) {
        throw await this.overTotal(bet.accountPk, bet.currency, exposure);
      }
      throw error;
    }
    if (outcome.kind === 'stale') throw new StaleSession();
    if (outcome.kind === 'insufficient') throw new AppError('insufficient_balance');
    return {
      betId: outcome.betId,
      balances: { available: outcome.available, outstanding: outcome.outstanding },
    };
  }

  /** Which running total a refused bet would have crossed, with its code (per match first, then the day). */
  private async overTotal(accountPk: string, currency: string, adds: ExposureAdd[]): Promise<AppError> {
    const rows = await repo.exposureOf(this.ctx.db, accountPk, currency, adds);
    for (const add of adds) {
      const row = rows.find((r) => r.scope === add.scope);
      const total = row?.total ?? 0n;
      const cap = add.cap ?? row?.day_cap ?? null;
      if (cap === null || total + add.amount <= cap) continue;
      const remaining = fromMinorUnits(cap > total ? cap - total : 0n);
      return add.cap !== null
        ? new AppError('betOverMaxPerMatch', {
            extra: { params: { max: fromMinorUnits(cap), remaining } },
          })
        : new AppError('betOverMaxPayout', { extra: { params: { maxPayout: remaining } } });
    }
    // Totals moved back meanwhile (a rejected live bet): the member may simply try again.
    return new AppError('requestProcessing');
  }

  /** A retried request: the first answer when it asked the same, else betExists. */
  private async replay(
    session: MemberSession,
    earlier: { id: string; request_hash: string },
    hash: string,
  ): Promise<BetView> {
    if (earlier.request_hash !== hash) throw new AppError('betExists', { field: 'idempotency_key' });
    const [view] = await this.bets.views(String(session.account.id), { ids: [earlier.id] });
    if (!view) throw new AppError('betExists');
    return view;
  }
}

/** A priced leg as stored, with the match's state when struck (a live leg is checked against it later). */
function newLeg(leg: PricedBet['legs'][number], i: number): NewLeg {
  const { match, market } = leg;
  return {
    legNo: i + 1,
    matchId: match.id,
    marketId: market.id,
    sportId: match.sportId,
    kind: market.kind,
    period: market.period,
    line: market.line,
    selection: leg.selection,
    format: leg.format,
    odds: leg.odds,
    decimalOdds: leg.decimalOdds,
    live: match.live,
    homeScore: match.live ? match.score[0] : null,
    awayScore: match.live ? match.score[1] : null,
    livePeriod: match.live ? match.period : null,
    redCards: match.live ? match.red.join('-') : null,
    ...(leg.mmFavourite !== undefined ? { mmFavourite: leg.mmFavourite } : {}),
    matchSeq: match.seq,
  };
}

/**
 * The running totals a bet adds to: a single's stake to its match (when the member's limit row caps it),
 * and its potential payout to each of its sports' day (GMT+8), capped by payout_day_caps.
 */
function exposureAdds(
  single: boolean,
  legs: NewLeg[],
  stake: bigint,
  maxPayout: bigint,
  maxPerMatch: bigint | null,
  now: Date,
): ExposureAdd[] {
  const adds: ExposureAdd[] = [];
  const [first] = legs;
  if (single && first && maxPerMatch !== null) {
    adds.push({ scope: matchScope(first.matchId), amount: stake, cap: maxPerMatch, sportId: null });
  }
  for (const sportId of new Set(legs.map((leg) => leg.sportId))) {
    adds.push({ scope: dayScope(now, sportId), amount: maxPayout, cap: null, sportId });
  }
  return adds;
}

/** The session guard failed at the write: the session ended or the member changed since it was read. */
class StaleSession extends Error {}

function isCheckViolation(error: unknown, constraint: string): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    error.code === '23514' &&
    'constraint' in error &&
    error.constraint === constraint
  );
}

/**
 * Ticket numbers as the books print them: short, upper-case, unique, and not guessable (a ticket number
 * names ledger transfers, so one must not be predictable from another). The time keeps them ordered;
 * 60 random bits (12 base-32 characters) make them unguessable. Random bytes come from a pooled buffer: one
 * draw from the system per 400 tickets, as a draw per ticket showed in placement profiles.
 */
const REF_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const REF_RANDOM_CHARS = 12;
let refPool = randomBytes(REF_RANDOM_CHARS * 400);
let refPoolAt = 0;
function newRefNo(): string {
  if (refPoolAt + REF_RANDOM_CHARS > refPool.length) {
    refPool = randomBytes(refPool.length);
    refPoolAt = 0;
  }
  let random = '';
  for (let i = 0; i < REF_RANDOM_CHARS; i += 1) random += REF_ALPHABET[(refPool[refPoolAt + i] ?? 0) & 31];
  refPoolAt += REF_RANDOM_CHARS;
  return `B${Date.now().toString(36).toUpperCase()}${random}`;
}
