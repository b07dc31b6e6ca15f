import type { CrashPush, CrashRoundView } from '@sb/contract';
import {
  crashDurationMs,
  crashMultiplierAt,
  crashPoint,
  hundredthsText,
  multiplyStake,
  type FairOutcome,
} from '@sb/domain';
import type { Selectable } from 'kysely';
import type { AppContext } from '../../context';
import type { CrashRoundTable } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { toMinor } from '../../lib/money';
import type { AccountService } from '../account/service';
import type { FairService, StoredRound } from '../fair/service';
import { gameLimit } from './limits';
import { minigameRepository as repo } from './repository';
import { moveGameMoney, roundView, type MinigameService } from './service';

type CrashRow = Selectable<CrashRoundTable>;

/** Bus channel of the crash pushes: every process forwards them to its sockets on topic `game:crash`. */
export const CRASH_CHANNEL = 'minigame:crash';
/** Bets paid per transaction at the bust (and per tick for automatic cash-outs already reached). */
export const CRASH_SETTLE_BATCH = 500;
const MAX_BATCHES = 100;
/** The clock reads the live round again at least this often (another process may have moved it on). */
const CLOCK_REREAD_MS = 1_000;
/** How often a flying round's multiplier is pushed (clients draw in between from the start time). */
export const CRASH_TICK_PUSH_MS = 200;

interface CrashDetail {
  /** Automatic cash-out target in hundredths. */
  auto?: number;
  /** The multiplier the bet was cashed out at, in hundredths. */
  cashout?: number;
}

/**
 * Crash: one round shared by every player (decision 13: crash = max(1, floor(99 / (1 − u)) / 100) from the
 * daily `crash` seed). A round takes bets for CRASH_BETTING_MS, then flies: the multiplier grows as
 * e^(0.00006·ms) and the bust time is fixed when the round is made, so any process decides a cash-out from
 * the clock alone: before the bust it pays stake x the multiplier then; after, roundBusted. The bust settles
 * what is left (automatic targets reached pay; the rest lost) under the round's row lock, which a cash-out
 * holds shared while it pays, so a cash-out racing the bust is either paid once or refused.
 */
export class CrashEngine {
  private lastTickPush = 0;
  private ticking: Promise<void> | null = null;
  /** The live round as the clock last read it (see remembered). */
  private seen: { row: CrashRow; nextAuto: number | null; readAt: number } | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly fair: FairService,
    private readonly games: MinigameService,
    private readonly accounts: AccountService,
  ) {}

  /** Moves the shared round on by the clock: open one, start it, pay reached autos, bust it. */
  tick(): Promise<void> {
    if (this.ticking) return this.ticking;
    this.ticking = this.step().finally(() => {
      this.ticking = null;
    });
    return this.ticking;
  }

  private async step(): Promise<void> {
    const now = this.ctx.now();
    const live = this.remembered(now) ?? (await this.readLive(now));
    const nextAuto = live?.nextAuto ?? null;
    let round: CrashRow | undefined = live?.row;
    if (!round) {
      this.seen = null;
      // A bust whose settlement was cut short (a restart) is finished before the next round opens.
      for (const left of await repo.bustedWithOpenBets(this.ctx.db, 5)) await this.settleOpen(left, null);
      round = await this.open(now);
      if (!round) return;
    }
    if (round.status === 'betting' && now >= round.starts_at) {
      this.seen = null;
      if (await repo.setCrashStatus(this.ctx.db, String(round.id), 'betting', 'running', now)) {
        await this.push({
          op: 'crash',
          e: 'running',
          round_id: Number(round.id),
          started_at: round.starts_at.toISOString(),
        });
      }
      round = { ...round, status: 'running' };
    }
    if (round.status !== 'running') return;
    if (now >= round.bust_at) {
      this.seen = null;
      await this.bust(round);
      return;
    }
    const multiplier = crashMultiplierAt(now.getTime() - round.starts_at.getTime());
    const reached = Math.min(multiplier, round.crash_point - 1);
    if (nextAuto !== null && reached >= nextAuto) {
      this.seen = null;
      await this.payReachedAutos(round, reached);
    }
    if (now.getTime() - this.lastTickPush >= CRASH_TICK_PUSH_MS) {
      this.lastTickPush = now.getTime();
      await this.push({
        op: 'crash',
        e: 'tick',
        round_id: Number(round.id),
        m: hundredthsText(multiplier),
        t: now.getTime(),
      });
    }
  }

  /**
   * The live round as last read, while it is recent and nothing is due by the clock (a start, a bust, an
   * automatic target reached): most ticks then touch no database. Re-read every CLOCK_REREAD_MS all the same,
   * since another process may have moved the round on.
   */
  private remembered(now: Date): { row: CrashRow; nextAuto: number | null } | null {
    const seen = this.seen;
    if (!seen) return null;
    const age = now.getTime() - seen.readAt;
    if (age < 0 || age >= CLOCK_REREAD_MS) return null;
    const { row, nextAuto } = seen;
    if (row.status === 'betting') return now >= row.starts_at ? null : seen;
    if (row.status !== 'running' || now >= row.bust_at) return null;
    const reached = Math.min(crashMultiplierAt(now.getTime() - row.starts_at.getTime()), row.crash_point - 1);
    return nextAuto !== null && reached >= nextAuto ? null : seen;
  }

  private async readLive(now: Date): Promise<{ row: CrashRow; nextAuto: number | null } | null> {
    const live = await repo.liveCrashForClock(this.ctx.db);
    if (!live) return null;
    const { next_auto: auto, ...row } = live;
    // Postgres' min() of int is int; either driver may hand it over as text.
    const read = { row, nextAuto: auto === null ? null : Number(auto), readAt: now.getTime() };
    this.seen = read;
    return read;
  }

  private async open(now: Date): Promise<CrashRow | undefined> {
    const created = await this.ctx.db.transaction().execute(async (trx) => {
      const { seedId, nonce, stream } = await this.fair.round(trx, 'crash');
      const point = crashPoint(stream);
      const startsAt = new Date(now.getTime() + this.ctx.config.crashBettingMs);
      return repo.insertCrash(trx, {
        seedId,
        nonce,
        crashPoint: point,
        startsAt,
        bustAt: new Date(startsAt.getTime() + crashDurationMs(point)),
      });
    });
    if (!created) return repo.liveCrash(this.ctx.db);
    const seed = await this.fair.view('crash');
    await this.push({
      op: 'crash',
      e: 'betting',
      round_id: Number(created.id),
      starts_at: created.starts_at.toISOString(),
      seed_hash: seed.seed_hash,
    });
    return created;
  }

  /** Busts the round and settles its open bets in batches; the round's lock waits for cash-outs under way. */
  async bust(round: CrashRow): Promise<{ paid: number; lost: number }> {
    const roundId = String(round.id);
    const busted = await this.ctx.db.transaction().execute(async (trx) => {
      const locked = await repo.lockCrash(trx, roundId, 'update');
      if (!locked || locked.status !== 'running') return false;
      return repo.setCrashStatus(trx, roundId, 'running', 'busted', this.ctx.now());
    });
    if (busted) {
      await this.push({
        op: 'crash',
        e: 'bust',
        round_id: Number(round.id),
        crash_point: hundredthsText(round.crash_point),
        t: this.ctx.now().getTime(),
      });
    }
    return this.settleOpen(round, null);
  }

  /**
   * Settles open bets: with `reached` (in flight) only automatic targets at or below it, paid at the target;
   * with null (after the bust) every open bet, a target below the crash point paid, the rest lost.
   */
  private async settleOpen(round: CrashRow, reached: number | null): Promise<{ paid: number; lost: number }> {
    let paid = 0;
    let lost = 0;
    const members = new Set<string>();
    for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
      const count = await this.ctx.db.transaction().execute(async (trx) => {
        if (reached !== null) {
          // In flight: the round must still be flying when the autos are paid (the bust takes this lock).
          const locked = await repo.lockCrash(trx, String(round.id), 'share');
          if (!locked || locked.status !== 'running') return 0;
        }
        const bets = await repo.openCrashBets(
          trx,
          String(round.id),
          CRASH_SETTLE_BATCH,
          reached ?? undefined,
        );
        const now = this.ctx.now();
        for (const bet of bets) {
          const detail = JSON.parse(bet.detail) as CrashDetail;
          const wins = detail.auto !== undefined && detail.auto < round.crash_point;
          if (!wins) {
            lost += 1;
            await repo.closeRound(trx, String(bet.id), {
              status: 'lost',
              payout: 0n,
              detail: bet.detail,
              at: now,
            });
            continue;
          }
          const payout = capped(multiplyStake(bet.stake, detail.auto as number), bet.currency);
          await moveGameMoney(this.ctx, trx, {
            id: `mini:crash:${String(bet.id)}:win`,
            direction: 'in',
            accountPk: String(bet.account_pk),
            currency: bet.currency,
            amount: payout,
            ref: `crash:${String(round.id)}`,
          });
          const text = JSON.stringify({ ...detail, cashout: detail.auto });
          await repo.closeRound(trx, String(bet.id), { status: 'won', payout, detail: text, at: now });
          members.add(String(bet.account_pk));
          paid += 1;
        }
        return bets.length;
      });
      if (count < CRASH_SETTLE_BATCH) break;
    }
    await this.notify(members);
    return { paid, lost };
  }

  private async payReachedAutos(round: CrashRow, reached: number): Promise<void> {
    if (reached < 101) return;
    await this.settleOpen(round, reached);
  }

  // ---- member calls ----

  async state(input: { account_id: string; session_token: string }) {
    const session = await this.games.member(input, false);
    const round = await repo.liveCrash(this.ctx.db);
    const recent = await repo.recentCrashes(this.ctx.db, 20);
    const mine = round
      ? await repo.lockCrashBet(this.ctx.db, String(round.id), String(session.account.id))
      : undefined;
    return {
      round: round ? await this.view(round) : null,
      my_bet: mine ? roundView({ ...mine, seed_hash: null }) : null,
      history: recent.map((r) => ({ round_id: Number(r.id), crash_point: hundredthsText(r.crash_point) })),
      limits: this.games.limits(session.account.currency as string),
      server_time: this.ctx.now().toISOString(),
    };
  }

  async bet(input: {
    account_id: string;
    session_token: string;
    stake: string;
    auto_cashout?: string | undefined;
  }) {
    const session = await this.games.member(input, true);
    const account = session.account;
    const currency = account.currency as string;
    const auto = input.auto_cashout === undefined ? undefined : Number(toMinor(input.auto_cashout));
    if (auto !== undefined && auto < 101) throw new AppError('invalidBetType', { field: 'auto_cashout' });
    const stake = this.games.checkStake('crash', currency, input.stake);
    const row = await this.ctx.db.transaction().execute(async (trx) => {
      const round = await repo.liveCrash(trx);
      if (!round || round.status !== 'betting' || this.ctx.now() >= round.starts_at) {
        throw new AppError('roundClosed', { extra: { reason: 'bets are taken before the round starts' } });
      }
      const detail: CrashDetail = auto === undefined ? {} : { auto };
      const inserted = await repo.insertRound(trx, {
        game: 'crash',
        accountPk: String(account.id),
        currency,
        stake,
        seedId: null,
        nonce: null,
        crashRoundId: String(round.id),
        detail: JSON.stringify(detail),
        at: this.ctx.now(),
      });
      if (!inserted) throw new AppError('betExists');
      await moveGameMoney(this.ctx, trx, {
        id: `mini:crash:${String(inserted.id)}:bet`,
        direction: 'out',
        accountPk: String(account.id),
        currency,
        amount: stake,
        ref: `crash:${String(round.id)}`,
      });
      return inserted;
    });
    await this.games.notifier.balance(account);
    return { bet: roundView({ ...row, seed_hash: null }) };
  }

  /** Cashes the member's bet out at the multiplier of this instant, if the round has not busted yet. */
  async cashout(input: { account_id: string; session_token: string; round_id: number }) {
    const session = await this.games.member(input, true);
    const account = session.account;
    const result = await this.ctx.db.transaction().execute(async (trx) => {
      const bet = await repo.lockCrashBet(trx, String(input.round_id), String(account.id));
      if (!bet) throw new AppError('roundNotExists', { field: 'round_id' });
      const round = await repo.lockCrash(trx, String(input.round_id), 'share');
      if (!round) throw new AppError('roundNotExists', { field: 'round_id' });
      if (bet.status !== 'open') {
        // Lost at the bust (which won the race), or already cashed out.
        throw new AppError(bet.status === 'lost' ? 'roundBusted' : 'roundClosed', { field: 'round_id' });
      }
      const now = this.ctx.now();
      if (round.status === 'betting' || now < round.starts_at)
        throw new AppError('roundClosed', { field: 'round_id' });
      if (round.status === 'busted' || now >= round.bust_at)
        throw new AppError('roundBusted', { field: 'round_id' });
      const detail = JSON.parse(bet.detail) as CrashDetail;
      let multiplier = Math.min(
        crashMultiplierAt(now.getTime() - round.starts_at.getTime()),
        round.crash_point - 1,
      );
      // An automatic target already passed cashed the bet out there.
      if (detail.auto !== undefined && detail.auto <= multiplier) multiplier = detail.auto;
      if (multiplier < 100) throw new AppError('roundBusted', { field: 'round_id' });
      const payout = capped(multiplyStake(bet.stake, multiplier), bet.currency);
      await moveGameMoney(this.ctx, trx, {
        id: `mini:crash:${String(bet.id)}:win`,
        direction: 'in',
        accountPk: String(account.id),
        currency: bet.currency,
        amount: payout,
        ref: `crash:${String(round.id)}`,
      });
      const text = JSON.stringify({ ...detail, cashout: multiplier });
      await repo.closeRound(trx, String(bet.id), { status: 'won', payout, detail: text, at: now });
      return { ...bet, status: 'won' as const, payout, detail: text, multiplier };
    });
    await this.games.notifier.balance(account);
    await this.push({
      op: 'crash',
      e: 'cashout',
      round_id: input.round_id,
      account: maskAccount(account.account_id),
      m: hundredthsText(result.multiplier),
    });
    return { bet: roundView({ ...result, seed_hash: null }) };
  }

  async fairRound(roundId: number): Promise<(StoredRound & { outcome: FairOutcome }) | null> {
    const round = await repo.crash(this.ctx.db, String(roundId));
    if (!round || round.status !== 'busted') return null;
    return {
      seedId: String(round.seed_id),
      nonce: round.nonce,
      outcome: { game: 'crash', crash_point: hundredthsText(round.crash_point) },
    };
  }

  private async view(round: CrashRow): Promise<CrashRoundView> {
    const seed = await this.fair.view('crash');
    return {
      round_id: Number(round.id),
      status: round.status,
      starts_at: round.starts_at.toISOString(),
      crash_point: round.status === 'busted' ? hundredthsText(round.crash_point) : null,
      seed_hash: seed.seed_hash,
      nonce: round.nonce,
      server_time: this.ctx.now().toISOString(),
    };
  }

  private async notify(accountPks: Set<string>): Promise<void> {
    for (const pk of accountPks) {
      const account = await this.accounts.byPk(pk);
      if (account) {
        await this.games.notifier.betsChanged(account);
      }
    }
  }

  private async push(message: CrashPush): Promise<void> {
    await this.ctx.bus.publish(CRASH_CHANNEL, JSON.stringify(message));
  }
}

function capped(payout: bigint, currency: string): bigint {
  const limit = gameLimit('crash', currency).maxPayout;
  return payout > limit ? limit : payout;
}

/** Other players' names are shown masked in the cash-out feed. */
function maskAccount(accountId: string): string {
  return accountId.length <= 3
    ? `${accountId[0] ?? ''}**`
    : `${accountId.slice(0, 2)}***${accountId.slice(-1)}`;
}
