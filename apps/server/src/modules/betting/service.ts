import { createHash, randomBytes } from 'node:crypto';
import {
  BET_TYPE_CODES,
  type BetLegView,
  type BetPick,
  type BetView,
  type MmoPick,
  type PayoutCapView,
} from '@sb/contract';
import {
  checkParlayLegs,
  checkStake,
  compareOdds,
  convertOdds,
  checkSystemParlay,
  exposureOf,
  formatMyanmarLine,
  fromMinorUnits,
  legDecimalOdds,
  myanmarOddsAllowed,
  parlayOdds,
  parseOdds,
  potentialPayoutMinor,
  strictestLimits,
  systemBetCount,
  toMinorUnits,
  type BetLimits,
  type OddsFormat,
  type ParlayCheck,
  type StakedBet,
} from '@sb/domain';
import type { AppContext } from '../../context';
import type { AccountRow, BetLimitRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { GroupLoader } from '../../lib/group-loader';
import { accountRepository } from '../account/repository';
import type { AccountService, MemberSession, SessionGuard } from '../account/service';
import type { MarketSnapshot } from '../catalog/snapshot';
import { isUniqueViolation } from '../account/service';
import { MemberNotifier } from '../../push/member';
import { PlacementBatcher } from './batcher';
import { dayScope, exposureOfBet, matchScope } from './exposure';
import { resolvePick, strikePrice, type ResolvedPick } from './pricing';
import { myanmarView } from '../markets/format';
import { resolveMyanmarPick, strikeMyanmar } from './myanmar';
import type { MemberBalances } from '../wallet/service';
import {
  betRepository as repo,
  type ExposureAdd,
  type NewBet,
  type NewLeg,
  type PlaceOutcome,
} from './repository';

type Placement =
  | { kind: 'single'; pick: BetPick }
  | { kind: 'parlay'; picks: BetPick[] }
  | { kind: 'system'; picks: BetPick[]; foldSizes: number[] };

/** What every placement call carries besides its picks. */
interface PlaceInput {
  account_id: string;
  session_token: string;
  odds_type: string;
  stake: string;
  idempotency_key: string;
}

const DAY_MS = 86_400_000;
const GMT8_MS = 8 * 3_600_000;
/** Bound per acceptor pass: a backlog is worked through in slices. */
const ACCEPT_BATCH = 100;

/**
 * Bet placement: every check in a fixed order with the spec's codes, then in one transaction the stake is
 * reserved in the ledger and the bet written. Live bets wait out the acceptance delay and are accepted, or
 * rejected and refunded when anything happened to their match or price in between.
 */
export class BettingService {
  constructor(
    private readonly ctx: AppContext,
    private readonly accounts: AccountService,
    private readonly snapshot: MarketSnapshot,
    private readonly liveDelayMs: number,
  ) {}

  /** betcheck: the price now in the member's odds type, the stake limits and the max payout for one pick. */
  async check(input: { account_id: string; session_token: string; odds_type: string } & BetPick) {
    const session = await this.accounts.requireSession(input);
    const pick = resolvePick(this.snapshot, input, input.odds_type);
    const limits = await this.limitsFor(session, [String(pick.match.sportId)]);
    // A member with a per-match cap sees the room left on this match: what they may still stake on it.
    let matchRoom: bigint | null = null;
    if (limits.maxPerMatch !== null) {
      const scope = matchScope(pick.match.id);
      const [row] = await repo.exposureOf(
        this.ctx.db,
        String(session.account.id),
        session.account.currency ?? '',
        [{ scope, sportId: null }],
      );
      const staked = row ? BigInt(row.total) : 0n;
      matchRoom = limits.maxPerMatch > staked ? limits.maxPerMatch - staked : 0n;
    }
    const max = toMinorUnits(limits.max);
    return {
      market_id: pick.market.id,
      selection: pick.selection,
      odds: pick.current,
      odds_changed: pick.current !== input.odds,
      min_stake: limits.min,
      max_stake: matchRoom !== null && matchRoom < max ? fromMinorUnits(matchRoom) : limits.max,
      max_per_match_left: matchRoom === null ? null : fromMinorUnits(matchRoom),
      max_payout: limits.maxPayout,
      live: pick.match.live,
    };
  }

  /** betcheckmultispecial: every pick's price now, plus the parlay's combined limits and leg check. */
  async checkMulti(input: {
    account_id: string;
    session_token: string;
    odds_type: string;
    picks: BetPick[];
  }) {
    const session = await this.accounts.requireSession(input);
    const picks = input.picks.map((pick) => resolvePick(this.snapshot, pick, input.odds_type));
    const limits = await this.limitsFor(session, ['parlay']);
    const legs = checkParlayLegs(
      'mix',
      picks.map((p) => ({ matchId: p.match.id, live: p.match.live })),
    );
    return {
      picks: picks.map((p, i) => ({
        market_id: p.market.id,
        selection: p.selection,
        odds: p.current,
        odds_changed: p.current !== input.picks[i]?.odds,
      })),
      parlay_ok: legs.ok,
      parlay_code: legs.ok ? null : legs.code,
      min_stake: limits.min,
      max_stake: limits.max,
      max_payout: limits.maxPayout,
    };
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

  async place(input: PlaceInput, placement: Placement): Promise<BetView> {
    return this.guarded(input, (session, guard, exact) =>
      this.placeFor(session, guard, exact, input, placement),
    );
  }

  private async placeFor(
    session: MemberSession,
    guard: SessionGuard,
    exact: boolean,
    input: PlaceInput,
    placement: Placement,
  ): Promise<BetView> {
    const accountPk = String(session.account.id);
    const hash = requestHash(input, placement);
    // Idempotency first: a retried request is answered with the first answer, never a second bet. The fast
    // path leaves this to the unique index; a refusal is answered from the exact path, which reads first.
    if (exact) {
      const earlier = await repo.findByIdempotencyKey(this.ctx.db, accountPk, input.idempotency_key);
      if (earlier) return this.replay(session, earlier, hash);
    }
    if (session.viewOnly) throw new AppError('SUSPEND');
    if (session.account.commission_rate === null) throw new AppError('memberCommissionNotSetup');
    const currency = session.account.currency ?? '';
    const settings = session.account.settings;
    const policy = {
      acceptBetterOdds: settings.acceptBetterOdds === 'true',
      acceptAnyOdds: settings.acceptAnyOdds === 'true',
    };

    const picks = placement.kind === 'single' ? [placement.pick] : placement.picks;
    const resolved = picks.map((pick) => resolvePick(this.snapshot, pick, input.odds_type));
    if (placement.kind !== 'single') {
      const legCheck: ParlayCheck =
        placement.kind === 'system'
          ? checkSystemParlay(resolved.map(parlayPick), placement.foldSizes)
          : checkParlayLegs('mix', resolved.map(parlayPick));
      if (!legCheck.ok) throw new AppError(legCheck.code, { extra: { params: legCheck.params } });
      if (resolved.some((p) => p.market.kind === 'outright')) throw new AppError('invalidBetType');
    }
    const struck = resolved.map((pick, i) => strikePrice(pick, picks[i]?.odds ?? '', policy));
    const legsPriced = resolved.map((pick, i) => ({ format: pick.format, price: struck[i] ?? pick.current }));

    let bet: StakedBet;
    let limitIds: string[];
    if (placement.kind === 'single') {
      const [only] = legsPriced;
      if (!only) throw new AppError('invalidBets');
      bet = { kind: 'single', format: only.format, price: only.price };
      limitIds = [String(resolved[0]?.match.sportId)];
    } else if (placement.kind === 'parlay') {
      bet = { kind: 'parlay', legs: legsPriced };
      limitIds = ['parlay'];
    } else {
      bet = { kind: 'system', legs: legsPriced, foldSizes: placement.foldSizes };
      limitIds = ['sysparlay'];
    }
    const limits = await this.limitsFor(session, limitIds);
    const stakeCheck = checkStake({ stake: input.stake, limits, bet, mode: 'strict' });
    if (!stakeCheck.ok) throw new AppError(stakeCheck.code, { extra: { params: stakeCheck.params } });
    const stakeMinor = toMinorUnits(stakeCheck.stake);
    const combinations =
      placement.kind === 'system' ? systemBetCount(resolved.length, placement.foldSizes) : 1;
    const risk =
      bet.kind === 'single'
        ? exposureOf(bet.format, parseOdds(bet.price, bet.format), stakeMinor).riskMinor
        : stakeMinor * BigInt(combinations);
    const maxPayout = potentialPayoutMinor(bet, stakeMinor);
    const live = resolved.some((p) => p.match.live);
    const refNo = newRefNo();
    const now = this.ctx.now();
    const legs: NewLeg[] = resolved.map((pick, i) => ({
      legNo: i + 1,
      matchId: pick.match.id,
      marketId: pick.market.id,
      sportId: pick.match.sportId,
      kind: pick.market.kind,
      period: pick.market.period,
      line: pick.market.line,
      selection: pick.selection,
      format: pick.format,
      odds: struck[i] ?? pick.current,
      decimalOdds: legDecimalOdds({ format: pick.format, price: struck[i] ?? pick.current }).toFixed(4),
      live: pick.match.live,
      homeScore: pick.match.live ? pick.match.score[0] : null,
      awayScore: pick.match.live ? pick.match.score[1] : null,
      livePeriod: pick.match.live ? pick.match.period : null,
      redCards: pick.match.live ? pick.match.red.join('-') : null,
      matchSeq: pick.match.seq,
    }));
    const odds = bet.kind === 'single' ? bet.price : parlayOdds(legsPriced).toFixed(3);
    const written = await this.write(
      session,
      guard,
      {
        createdAt: now,
        refNo,
        accountPk,
        idempotencyKey: input.idempotency_key,
        requestHash: hash,
        kind: placement.kind,
        status: live ? 'waiting' : 'running',
        currency,
        oddsType: legsPriced.length === 1 ? (legsPriced[0]?.format ?? 'DEC') : 'DEC',
        odds,
        stake: stakeMinor,
        risk,
        maxPayout,
        foldSizes: placement.kind === 'system' ? placement.foldSizes : null,
        combinations,
        live,
        acceptAt: live ? new Date(now.getTime() + this.liveDelayMs) : null,
        reservationId: `stake:${refNo}`,
      },
      legs,
      this.exposureAdds(placement.kind === 'single', legs, stakeMinor, maxPayout, limits.maxPerMatch, now),
    );
    if ('bet_id' in written) return written;
    await this.notify(session.account, written.balances);
    // The answer is built from what was just written: no read-back on the hot path.
    return {
      bet_id: Number(written.betId),
      ref_no: refNo,
      trans_time: now.toISOString(),
      kind: placement.kind,
      bet_type:
        placement.kind === 'single'
          ? betTypeCode(legs[0]?.kind ?? '', legs[0]?.period ?? 'ft')
          : placement.kind === 'parlay'
            ? 'BT_PARLAY'
            : 'BT_SYSPARLAY',
      status: live ? 'waiting' : 'running',
      odds_type: legsPriced.length === 1 ? (legsPriced[0]?.format ?? 'DEC') : 'DEC',
      odds,
      stake: fromMinorUnits(stakeMinor),
      risk: fromMinorUnits(risk),
      payout: null,
      max_payout: fromMinorUnits(maxPayout),
      win_loss: null,
      currency,
      fold_sizes: placement.kind === 'system' ? placement.foldSizes : null,
      combinations,
      reject_reason: null,
      legs: resolved.map((pick, i) => ({
        leg_no: i + 1,
        match_id: pick.match.id,
        sport_id: pick.match.sportId,
        league: this.snapshot.leagues.get(pick.match.leagueId)?.name ?? '',
        home: pick.match.home,
        away: pick.match.away,
        kickoff: new Date(pick.match.kickoff).toISOString(),
        market_id: pick.market.id,
        bet_type: betTypeCode(pick.market.kind, pick.market.period),
        period: pick.market.period,
        line: pick.market.line,
        choice: pick.selection,
        odds: struck[i] ?? pick.current,
        live: pick.match.live,
        score_at_bet: pick.match.live ? `${pick.match.score[0]}-${pick.match.score[1]}` : null,
        outcome: null,
      })),
    };
  }

  /** Decides waiting live bets whose delay is over; run on a timer in every process (rows are locked, skipped). */
  async acceptDue(): Promise<{ accepted: number; rejected: number }> {
    const decided = { accepted: 0, rejected: 0 };
    const members = new Set<string>();
    await this.ctx.db.transaction().execute(async (trx) => {
      const due = await repo.lockDueWaiting(trx, this.ctx.now(), ACCEPT_BATCH);
      if (due.length === 0) return;
      const legs = await repo.legsOf(
        trx,
        due.map((bet) => bet.id),
      );
      for (const bet of due) {
        const reason = legs
          .filter((leg) => String(leg.bet_id) === bet.id)
          .map((leg) => this.changedSince(leg))
          .find((r) => r !== null);
        if (reason) {
          await this.ctx.ledger.void(trx, {
            transferId: `reject:${bet.ref_no}`,
            reservationId: bet.reservation_id,
            ref: bet.ref_no,
          });
          await repo.setStatus(trx, bet.id, 'rejected', reason);
          // A rejected bet is no longer open on its match and pays nothing: its running totals go back.
          const mine = legs.filter((leg) => String(leg.bet_id) === bet.id);
          await repo.releaseExposure(trx, bet.account_pk, exposureOfBet(bet, mine));
          decided.rejected += 1;
        } else {
          await repo.setStatus(trx, bet.id, 'running', null);
          decided.accepted += 1;
        }
        members.add(bet.account_pk);
      }
    });
    for (const pk of members) {
      const account = await accountRepository.findByPk(this.ctx.db, pk);
      if (account) await this.notify(account);
    }
    return decided;
  }

  /** The member's own bets by list name. */
  async list(
    input: {
      account_id: string;
      session_token: string;
      date?: string | undefined;
      page: number;
      page_size: number;
    },
    statuses: string[] | null,
    byDay: boolean,
  ): Promise<{ bets: BetView[]; page: number }> {
    const session = await this.accounts.requireSession(input);
    let from: Date | undefined;
    let to: Date | undefined;
    if (byDay) {
      const day = input.date
        ? Date.parse(`${input.date}T00:00:00Z`) - GMT8_MS
        : Math.floor((this.ctx.now().getTime() + GMT8_MS) / DAY_MS) * DAY_MS - GMT8_MS;
      if (Number.isNaN(day)) throw new AppError('invalid_request', { field: 'date' });
      from = new Date(day);
      to = new Date(day + DAY_MS);
    }
    const bets = await this.views(String(session.account.id), {
      statuses,
      ...(from && to ? { from, to } : {}),
      limit: input.page_size,
      offset: (input.page - 1) * input.page_size,
    });
    return { bets, page: input.page };
  }

  /** One parlay of the member's in a given state, with its legs. */
  async parlayDetails(
    input: { account_id: string; session_token: string; bet_id: number },
    statuses: string[],
  ) {
    const session = await this.accounts.requireSession(input);
    const [bet] = await this.views(String(session.account.id), { ids: [String(input.bet_id)], statuses });
    if (!bet) throw new AppError('betNotExists', { field: 'bet_id' });
    return { bet };
  }

  /** betmmoclick: a Myanmar price's current line and the member's Myanmar limits. */
  async mmoClick(input: { account_id: string; session_token: string } & MmoPick) {
    const session = await this.accounts.requireSession(input);
    if (!myanmarOddsAllowed(session.account.currency ?? '')) throw new AppError('invalidCurrency');
    const pick = resolveMyanmarPick(this.snapshot, input);
    const limits = await this.limitsFor(session, ['mmo']);
    return {
      market_id: pick.market.id,
      selection: pick.selection,
      side: pick.side,
      line: formatMyanmarLine(pick.current),
      line_changed: formatMyanmarLine(pick.current) !== input.line,
      min_stake: limits.min,
      max_stake: limits.max,
      max_payout: limits.maxPayout,
    };
  }

  /** betsinglemmo / betparlaymmo: Myanmar odds for MMK members; the stake is at risk, winnings carry the commission. */
  async placeMyanmar(
    input: { account_id: string; session_token: string; stake: string; idempotency_key: string },
    picks: MmoPick[],
    kind: 'single' | 'parlay',
  ): Promise<BetView> {
    return this.guarded(input, (session, guard, exact) =>
      this.placeMyanmarFor(session, guard, exact, input, picks, kind),
    );
  }

  private async placeMyanmarFor(
    session: MemberSession,
    guard: SessionGuard,
    exact: boolean,
    input: { account_id: string; session_token: string; stake: string; idempotency_key: string },
    picks: MmoPick[],
    kind: 'single' | 'parlay',
  ): Promise<BetView> {
    const accountPk = String(session.account.id);
    const hash = requestHash({ odds_type: 'MM', stake: input.stake }, { myanmar: kind, picks });
    if (exact) {
      const earlier = await repo.findByIdempotencyKey(this.ctx.db, accountPk, input.idempotency_key);
      if (earlier) return this.replay(session, earlier, hash);
    }
    const currency = session.account.currency ?? '';
    if (!myanmarOddsAllowed(currency)) throw new AppError('invalidCurrency');
    if (session.viewOnly) throw new AppError('SUSPEND');
    if (session.account.commission_rate === null) throw new AppError('memberCommissionNotSetup');
    if (kind === 'single' && picks.length !== 1) throw new AppError('invalidBets');
    const settings = session.account.settings;
    const policy = {
      acceptBetterOdds: settings.acceptBetterOdds === 'true',
      acceptAnyOdds: settings.acceptAnyOdds === 'true',
    };
    const resolved = picks.map((pick) => resolveMyanmarPick(this.snapshot, pick));
    if (kind === 'parlay') {
      const legCheck = checkParlayLegs(
        'myanmar',
        resolved.map((p) => ({ matchId: p.match.id, live: p.match.live })),
      );
      if (!legCheck.ok) throw new AppError(legCheck.code, { extra: { params: legCheck.params } });
    }
    const lines = resolved.map((pick, i) => strikeMyanmar(pick, picks[i]?.line ?? '', policy));
    const limits = await this.limitsFor(session, ['mmo']);
    const bet: StakedBet = { kind: 'myanmar', legs: resolved.length };
    const stakeCheck = checkStake({ stake: input.stake, limits, bet, mode: 'strict' });
    if (!stakeCheck.ok) throw new AppError(stakeCheck.code, { extra: { params: stakeCheck.params } });
    const stakeMinor = toMinorUnits(stakeCheck.stake);
    const live = resolved.some((p) => p.match.live);
    const refNo = newRefNo();
    const now = this.ctx.now();
    const maxPayout = potentialPayoutMinor(bet, stakeMinor);
    const legs: NewLeg[] = resolved.map((pick, i) => ({
      legNo: i + 1,
      matchId: pick.match.id,
      marketId: pick.market.id,
      sportId: pick.match.sportId,
      kind: pick.market.kind,
      period: pick.market.period,
      line: pick.market.line,
      selection: pick.selection,
      format: 'MM',
      odds: lines[i] ?? '',
      decimalOdds: '2',
      live: pick.match.live,
      homeScore: pick.match.live ? pick.match.score[0] : null,
      awayScore: pick.match.live ? pick.match.score[1] : null,
      livePeriod: pick.match.live ? pick.match.period : null,
      redCards: pick.match.live ? pick.match.red.join('-') : null,
      mmFavourite: pick.favourite,
      matchSeq: pick.match.seq,
    }));
    const written = await this.write(
      session,
      guard,
      {
        createdAt: now,
        refNo,
        accountPk,
        idempotencyKey: input.idempotency_key,
        requestHash: hash,
        kind,
        status: live ? 'waiting' : 'running',
        currency,
        oddsType: 'MM',
        odds: lines.join(' / '),
        stake: stakeMinor,
        risk: stakeMinor,
        maxPayout,
        foldSizes: null,
        combinations: 1,
        live,
        acceptAt: live ? new Date(now.getTime() + this.liveDelayMs) : null,
        reservationId: `stake:${refNo}`,
      },
      legs,
      this.exposureAdds(kind === 'single', legs, stakeMinor, maxPayout, limits.maxPerMatch, now),
    );
    if ('bet_id' in written) return written;
    await this.notify(session.account, written.balances);
    const [view] = await this.views(accountPk, { ids: [written.betId] });
    if (!view) throw new Error(`bet ${refNo} not readable after insert`);
    return view;
  }

  // ---- internals ----

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

  /**
   * The running totals a bet adds to: a single's stake to its match (when the member's limit row caps it),
   * and its potential payout to each of its sports' day (GMT+8), capped by payout_day_caps.
   */
  private exposureAdds(
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

  private batcher: PlacementBatcher | undefined;

  /** Why a waiting live leg must be rejected, or null: goal, red card, period, state, suspension or price move. */
  private changedSince(leg: {
    match_id: string;
    market_id: string;
    selection: string;
    decimal_odds: string;
    live: boolean;
    home_score: number | null;
    away_score: number | null;
    live_period: string | null;
    red_cards: string | null;
    kind: string;
    format: string;
    odds: string;
  }): string | null {
    if (!leg.live) return null;
    const match = this.snapshot.matches.get(Number(leg.match_id));
    if (!match || match.state !== 0) return 'matchState';
    if (match.score[0] !== leg.home_score || match.score[1] !== leg.away_score) return 'goal';
    if (match.red.join('-') !== leg.red_cards) return 'redCard';
    if (match.period !== leg.live_period) return 'period';
    const market = this.snapshot.marketById(Number(leg.market_id));
    if (!market || market.status !== 'open') return 'suspended';
    const price = market.prices[leg.selection];
    if (price === undefined) return 'suspended';
    if (leg.format === 'MM') {
      const view = myanmarView(market, (decimal) => convertOdds(decimal, 'DEC', 'MY', 2));
      return view && formatMyanmarLine({ ball: view[0], percent: view[1] }) === leg.odds
        ? null
        : 'priceMoved';
    }
    // A move the member would see in their own format is a price change.
    const format = leg.format as OddsFormat;
    const now = format === 'DEC' ? price : convertOdds(price, 'DEC', format, 2);
    return compareOdds(now, leg.odds, format) === 0 ? null : 'priceMoved';
  }

  /**
   * Bet limits by account and profile version: any change of limits bumps the version (setbetlimits does), so a
   * remembered copy is exact until then, and the hot path skips a read.
   */
  private readonly limitCache = new Map<string, Map<string, BetLimitRow>>();
  /** The strictest limits per account, profile version and limit ids, as computed from the rows above. */
  private readonly resolvedLimits = new Map<string, BetLimits & { maxPerMatch: bigint | null }>();
  /** Limit reads of concurrent first bets grouped into one round trip. */
  private readonly limitReads = new GroupLoader((pks) => accountRepository.betLimitsOf(this.ctx.db, pks));

  private async limitsFor(
    session: MemberSession,
    ids: string[],
  ): Promise<BetLimits & { maxPerMatch: bigint | null }> {
    const cacheKey = `${session.account.id}:${session.account.profile_version}`;
    const resolvedKey = `${cacheKey}:${ids.join(',')}`;
    const known = this.resolvedLimits.get(resolvedKey);
    if (known) return known;
    let byId = this.limitCache.get(cacheKey);
    if (!byId) {
      const rows = (await this.limitReads.load(String(session.account.id))) ?? [];
      byId = new Map(rows.map((row) => [row.limit_id, row]));
      if (this.limitCache.size > 50_000) this.limitCache.clear();
      this.limitCache.set(cacheKey, byId);
    }
    const chosen = ids.map((id) => byId.get(id) ?? byId.get('0')).filter((row) => row !== undefined);
    if (chosen.length === 0) throw new AppError('memberCommissionNotSetup');
    const perMatch = chosen.map((row) => row.max_per_match).filter((max) => max !== null);
    const limits = {
      ...strictestLimits(
        chosen.map((row) => ({
          min: fromMinorUnits(row.min_bet),
          max: fromMinorUnits(row.max_bet),
          maxPayout: fromMinorUnits(row.max_payout),
        })),
      ),
      maxPerMatch: perMatch.length === 0 ? null : perMatch.reduce((a, b) => (a < b ? a : b)),
    };
    if (this.resolvedLimits.size > 50_000) this.resolvedLimits.clear();
    this.resolvedLimits.set(resolvedKey, limits);
    return limits;
  }

  private async replay(
    session: MemberSession,
    earlier: { id: string; request_hash: string },
    hash: string,
  ): Promise<BetView> {
    if (earlier.request_hash !== hash) throw new AppError('betExists', { field: 'idempotency_key' });
    const [view] = await this.views(String(session.account.id), { ids: [earlier.id] });
    if (!view) throw new AppError('betExists');
    return view;
  }

  private async views(
    accountPk: string,
    query: {
      ids?: string[];
      statuses?: string[] | null;
      from?: Date;
      to?: Date;
      limit?: number;
      offset?: number;
    },
  ): Promise<BetView[]> {
    const ids = query.ids;
    const bets = await repo.list(this.ctx.db, {
      accountPk,
      statuses: query.statuses ?? null,
      ...(ids ? { ids } : {}),
      ...(query.from ? { from: query.from } : {}),
      ...(query.to ? { to: query.to } : {}),
      limit: query.limit ?? 50,
      offset: query.offset ?? 0,
    });
    const legs = await repo.legsOf(
      this.ctx.db,
      bets.map((bet) => bet.id),
    );
    return bets.map((bet) => {
      const mine = legs.filter((leg) => String(leg.bet_id) === String(bet.id));
      const legViews: BetLegView[] = mine.map((leg) => ({
        leg_no: leg.leg_no,
        match_id: Number(leg.match_id),
        sport_id: leg.sport_id,
        league: leg.league_name,
        home: leg.home,
        away: leg.away,
        kickoff: leg.kickoff.toISOString(),
        market_id: Number(leg.market_id),
        bet_type: betTypeCode(leg.kind, leg.period),
        period: leg.period,
        line: leg.line,
        choice: leg.selection,
        odds: leg.odds,
        live: leg.live,
        score_at_bet: leg.home_score === null ? null : `${leg.home_score}-${leg.away_score}`,
        outcome: leg.outcome,
      }));
      const first = legViews[0];
      return {
        bet_id: Number(bet.id),
        ref_no: bet.ref_no,
        trans_time: bet.created_at.toISOString(),
        kind: bet.kind as BetView['kind'],
        bet_type:
          bet.kind === 'single' && first
            ? first.bet_type
            : bet.kind === 'parlay'
              ? 'BT_PARLAY'
              : 'BT_SYSPARLAY',
        status: bet.status as BetView['status'],
        odds_type: bet.odds_type,
        odds: bet.odds,
        stake: fromMinorUnits(bet.stake),
        risk: fromMinorUnits(bet.risk),
        payout: bet.payout === null ? null : fromMinorUnits(bet.payout),
        max_payout: fromMinorUnits(bet.max_payout),
        win_loss: bet.win_loss === null ? null : fromMinorUnits(bet.win_loss),
        currency: bet.currency,
        fold_sizes: bet.fold_sizes,
        combinations: bet.combinations,
        reject_reason: bet.reject_reason,
        legs: legViews,
      };
    });
  }

  /** The member's apps learn of the bet and of the new balance (after the commit; given when just written). */
  private async notify(account: AccountRow, balances?: MemberBalances): Promise<void> {
    const members = new MemberNotifier(this.ctx);
    await members.send(account.account_id, { op: 'bet' });
    await members.balance(account, balances);
  }
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

function parlayPick(pick: ResolvedPick) {
  return { matchId: pick.match.id, live: pick.match.live };
}

export function betTypeCode(kind: string, period: string): string {
  const base = BET_TYPE_CODES[kind as keyof typeof BET_TYPE_CODES] ?? `BT_${kind.toUpperCase()}`;
  return period === '1h' ? `${base}_1H` : base;
}

/** The request without its session: two tries of one bet hash the same. */
function requestHash(
  input: { odds_type: string; stake: string },
  placement: Placement | { myanmar: string; picks: MmoPick[] },
): string {
  return createHash('sha256')
    .update(JSON.stringify({ odds_type: input.odds_type, stake: input.stake, placement }))
    .digest('hex');
}

/**
 * Ticket numbers as the books print them: short, upper-case, unique. The time, this process's random tag and a
 * counter (no random draw per ticket: it showed in placement profiles); the tag keeps processes apart.
 */
const REF_TAG = randomBytes(3).toString('hex').toUpperCase();
let refCounter = 0;
function newRefNo(): string {
  refCounter = (refCounter + 1) % 1_679_616; // 36^4: four base-36 digits
  const count = refCounter.toString(36).toUpperCase().padStart(4, '0');
  return `B${Date.now().toString(36).toUpperCase()}${REF_TAG}${count}`;
}
