import {
  LOTTERY_HOUSES,
  type LotteryBuyRequest,
  type LotteryDrawView,
  type LotteryResultView,
  type LotteryTicketView,
} from '@sb/contract';
import {
  drawLottery,
  isLotteryNumber,
  lotteryLiability,
  lotteryPayout,
  lotteryTicketCost,
  permutations,
  type LotteryBetType,
  type LotteryMode,
  type LotteryResult,
} from '@sb/domain';
import type { Selectable } from 'kysely';
import type { AppContext } from '../../context';
import type { AccountRow, LotteryDrawTable } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../db/errors';
import { formatMinor, toMinor } from '../../lib/money';
import { MemberNotifier } from '../../push/member';
import type { AccountService, MemberSession } from '../account/service';
import type { FairService } from '../fair/service';
import { lotteryRepository as repo } from './repository';

type DrawRow = Selectable<LotteryDrawTable>;

const MINUTE = 60_000;
const DAY = 86_400_000;
const GMT8 = 8 * 3_600_000;
/** Draw days (Wed, Sat, Sun: getUTCDay of the GMT+8 date) at 19:00 GMT+8; sales close 15 minutes before. */
export const DRAW_WEEKDAYS = [3, 6, 0];
export const DRAW_HOUR_GMT8 = 19;
export const CUTOFF_MINUTES = 15;
/** How far ahead the schedule is published. */
const SCHEDULE_DAYS = 14;
/** Tickets settled per transaction, and batches per run: a bound on each draw's job step. */
export const SETTLE_BATCH = 500;
const MAX_BATCHES_PER_RUN = 400;
const DUE_DRAWS_PER_RUN = 20;
/** Unit stake limits per ticket in MYR minor units; the liability cap per number when the operator set none. */
const UNIT_MIN = 100n;
const UNIT_MAX = 500_000n;
export const DEFAULT_NUMBER_CAP = 500_000_000n;

const viewDay = (d: Date) => d.toISOString();

/** Instants tried when moving a draw to now collides with another draw of its house. */
const MOVE_ATTEMPTS = 50;

/**
 * The 4D lottery: a published schedule of draws (three houses on Wed/Sat/Sun at 19:00 GMT+8, plus special draws
 * the operator adds), tickets bought until the cut-off with their stake reserved in the ledger (outstanding
 * like a sportsbook bet), 23 numbers per draw from the fair source, and each draw settled as a resumable job:
 * the draw's numbers are stored before any ticket is paid, and tickets are posted in batches whose transfer
 * ids (`lot:settle:<ticket>`) make a repeat after a restart a no-op.
 */
export class LotteryService {
  private readonly notifier: MemberNotifier;
  private running: Promise<void> | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly accounts: AccountService,
    private readonly fair: FairService,
  ) {
    this.notifier = new MemberNotifier(ctx);
  }

  /** Publishes the regular draws of the next two weeks (idempotent: existing draws stay). */
  async ensureSchedule(): Promise<number> {
    const now = this.ctx.now().getTime();
    let created = 0;
    for (let offset = 0; offset <= SCHEDULE_DAYS; offset += 1) {
      const gmt8 = new Date(now + GMT8 + offset * DAY);
      if (!DRAW_WEEKDAYS.includes(gmt8.getUTCDay())) continue;
      const drawAt = new Date(
        Date.UTC(gmt8.getUTCFullYear(), gmt8.getUTCMonth(), gmt8.getUTCDate(), DRAW_HOUR_GMT8) - GMT8,
      );
      if (drawAt.getTime() <= now) continue;
      for (const house of LOTTERY_HOUSES) {
        const row = await repo.insertDraw(this.ctx.db, {
          house,
          drawAt,
          cutoffAt: new Date(drawAt.getTime() - CUTOFF_MINUTES * MINUTE),
          special: false,
        });
        if (row) created += 1;
      }
    }
    return created;
  }

  // ---- member calls ----

  async draws(input: { account_id: string; session_token: string }) {
    await this.member(input);
    const now = this.ctx.now();
    const [upcoming, recent] = await Promise.all([
      repo.upcoming(this.ctx.db, now, 30),
      repo.drawn(this.ctx.db, 6, 0),
    ]);
    return {
      upcoming: upcoming.map((d) => this.drawView(d)),
      recent: recent.map((d) => this.drawView(d)),
      server_time: now.toISOString(),
      commitment: await this.fair.view('lottery'),
    };
  }

  async results(input: { account_id: string; session_token: string; page: number; page_size: number }) {
    await this.member(input);
    const rows = await repo.drawn(this.ctx.db, input.page_size, (input.page - 1) * input.page_size);
    return { data: rows.map((d) => this.drawView(d)), page: input.page };
  }

  async buy(input: LotteryBuyRequest) {
    const session = await this.member(input);
    if (session.viewOnly) throw new AppError('SUSPEND');
    const account = session.account;
    const currency = account.currency;
    if (!currency) throw new AppError('invalidCurrency');
    const type = input.bet_type as LotteryBetType;
    const mode = input.mode as LotteryMode;
    if (!isLotteryNumber(type, input.number)) throw new AppError('invalidNumber', { field: 'number' });
    const unitStake = toMinor(input.stake);
    if (unitStake < UNIT_MIN) throw new AppError('betLowerMin', { field: 'stake' });
    if (unitStake > UNIT_MAX) throw new AppError('betOverMax', { field: 'stake' });
    const cost = lotteryTicketCost(unitStake, input.number, mode);
    const now = this.ctx.now();
    const ticket = await this.ctx.db.transaction().execute(async (trx) => {
      const draw = await repo.draw(trx, String(input.draw_id));
      if (!draw) throw new AppError('drawNotExists', { field: 'draw_id' });
      if (draw.status !== 'open' || now >= draw.cutoff_at)
        throw new AppError('drawClosed', { field: 'draw_id' });
      // Each covered number's liability against the operator's cap (a hot number's own, else every number's).
      const exposure = lotteryLiability({ type, number: input.number, mode, unitStake });
      const caps = await repo.caps(
        trx,
        currency,
        exposure.map((e) => e.number),
      );
      const capOf = (number: string) =>
        caps.find((c) => c.number === number)?.cap ??
        caps.find((c) => c.number === '*')?.cap ??
        DEFAULT_NUMBER_CAP;
      for (const { number, amount } of exposure) {
        const total = await repo.addLiability(trx, { drawId: String(draw.id), currency, number, amount });
        if (total > capOf(number)) {
          throw new AppError('numberSoldOut', { field: 'number', extra: { sold_out_number: number } });
        }
      }
      const row = await repo.insertTicket(trx, {
        accountPk: String(account.id),
        currency,
        drawId: String(draw.id),
        number: input.number,
        betType: type,
        mode,
        unitStake,
        cost,
        at: now,
      });
      await this.ctx.ledger.reserve(trx, {
        transferId: stakeId(String(row.id)),
        ownerPk: String(account.id),
        currency,
        amount: cost,
        ref: `lottery:${String(draw.id)}`,
      });
      return { ...row, house: draw.house, draw_at: draw.draw_at };
    });
    await this.notifier.balance(account);
    return { ticket: ticketView(ticket) };
  }

  async tickets(input: {
    account_id: string;
    session_token: string;
    status: 'open' | 'settled' | 'all';
    page: number;
    page_size: number;
  }) {
    const session = await this.member(input);
    const { rows, total } = await repo.memberTickets(
      this.ctx.db,
      String(session.account.id),
      { status: input.status },
      { limit: input.page_size, offset: (input.page - 1) * input.page_size },
    );
    return { data: rows.map(ticketView), total, page: input.page };
  }

  /** The statement's lottery report rows: settled or cancelled tickets of a member in a window. */
  async report(
    member: AccountRow,
    kind: 'settled' | 'cancelled',
    window: { from: Date; to: Date },
    page: { limit: number; offset: number },
  ) {
    const { rows, total } = await repo.memberTickets(
      this.ctx.db,
      String(member.id),
      { status: kind, from: window.from, to: window.to },
      page,
    );
    return { data: rows.map(ticketView), total };
  }

  async settledSums(memberPk: string, window: { from: Date; to: Date }) {
    return repo.settledSums(this.ctx.db, memberPk, window.from, window.to);
  }

  // ---- operator ----

  async setCap(input: { currency: string; number: string; cap: string }) {
    await repo.setCap(this.ctx.db, {
      currency: input.currency,
      number: input.number,
      cap: toMinor(input.cap),
    });
    return { caps: await this.caps() };
  }

  async caps() {
    return (await repo.allCaps(this.ctx.db)).map((c) => ({
      currency: c.currency,
      number: c.number,
      cap: formatMinor(c.cap),
    }));
  }

  async addDraw(input: { house: string; draw_at: string }) {
    const drawAt = new Date(input.draw_at);
    if (drawAt.getTime() <= this.ctx.now().getTime())
      throw new AppError('invalid_date', { field: 'draw_at' });
    const row = await repo.insertDraw(this.ctx.db, {
      house: input.house,
      drawAt,
      cutoffAt: new Date(drawAt.getTime() - CUTOFF_MINUTES * MINUTE),
      special: true,
    });
    if (!row)
      throw new AppError('invalid_request', { field: 'draw_at', extra: { reason: 'a draw exists then' } });
    return { draw: this.drawView(row) };
  }

  /** Draws an open draw now (demo and tests): its time moves to now, then the due job runs it. */
  async drawNow(drawId: number) {
    const draw = await repo.draw(this.ctx.db, String(drawId));
    if (!draw) throw new AppError('drawNotExists', { field: 'draw_id' });
    const now = this.ctx.now();
    if (draw.status === 'open' && draw.draw_at > now) {
      // A house draws once at an instant (unique): another of its draws moved to this very millisecond takes
      // the next one.
      for (let offset = 0; ; offset += 1) {
        const at = new Date(now.getTime() + offset);
        try {
          await repo.moveDraw(this.ctx.db, String(draw.id), at, at);
          break;
        } catch (error) {
          if (!isUniqueViolation(error) || offset >= MOVE_ATTEMPTS) throw error;
        }
      }
    }
    await this.runDue();
    const after = await repo.draw(this.ctx.db, String(drawId));
    return { draw: after ? this.drawView(after) : null };
  }

  /** Cancels a draw that has not been drawn: every ticket's stake goes back (cancelledbetlistlottery). */
  async cancelDraw(drawId: number) {
    const draw = await repo.draw(this.ctx.db, String(drawId));
    if (!draw) throw new AppError('drawNotExists', { field: 'draw_id' });
    if (draw.result !== null) throw new AppError('drawClosed', { field: 'draw_id' });
    const now = this.ctx.now();
    for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch += 1) {
      const members = await this.ctx.db.transaction().execute(async (trx) => {
        await repo.lockDraw(trx, String(draw.id));
        const tickets = await repo.openTickets(trx, String(draw.id), SETTLE_BATCH);
        for (const ticket of tickets) {
          await this.ctx.ledger.void(trx, {
            transferId: `lot:void:${String(ticket.id)}`,
            reservationId: stakeId(String(ticket.id)),
          });
          await repo.closeTicket(trx, String(ticket.id), {
            status: 'cancelled',
            payout: null,
            wins: null,
            at: now,
          });
        }
        if (tickets.length === 0 && !(await repo.hasOpenTickets(trx, String(draw.id)))) {
          await repo.markSettled(trx, String(draw.id), now);
        }
        return new Set(tickets.map((t) => String(t.account_pk)));
      });
      if (members.size === 0) break;
      await this.notifyMembers(members);
    }
    return { draw_id: drawId };
  }

  // ---- draws and settlement ----

  /** Draws and settles every due draw; one run at a time per process (rows are locked across processes). */
  async runDue(): Promise<void> {
    if (this.running) return this.running;
    this.running = (async () => {
      try {
        const due = await repo.due(this.ctx.db, this.ctx.now(), DUE_DRAWS_PER_RUN);
        for (const { id } of due) {
          await this.drawOne(String(id));
          await this.settleDraw(String(id));
        }
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /** Takes the draw's numbers from the fair source, once: stored with the seed and nonce that made them. */
  async drawOne(drawId: string): Promise<void> {
    await this.ctx.db.transaction().execute(async (trx) => {
      const draw = await repo.lockDraw(trx, drawId);
      if (!draw || draw.status !== 'open') return;
      const { seedId, nonce, stream } = await this.fair.round(trx, 'lottery');
      const result = drawLottery(stream);
      await repo.markDrawn(trx, drawId, {
        seedId,
        nonce,
        result: JSON.stringify(result),
        at: this.ctx.now(),
      });
    });
  }

  /**
   * Pays a drawn draw's tickets batch by batch. A batch is one transaction (tickets marked and posted together),
   * so a crash leaves every ticket either paid and marked or untouched; the next run carries on.
   */
  async settleDraw(drawId: string): Promise<number> {
    let settled = 0;
    for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch += 1) {
      const done = await this.ctx.db.transaction().execute(async (trx) => {
        const draw = await repo.draw(trx, drawId);
        if (!draw || draw.status !== 'drawn' || !draw.result)
          return { count: 0, members: new Set<string>(), finished: true };
        const result = JSON.parse(draw.result) as LotteryResult;
        const tickets = await repo.openTickets(trx, drawId, SETTLE_BATCH);
        const now = this.ctx.now();
        for (const ticket of tickets) {
          const { payout, wins } = lotteryPayout(
            {
              type: ticket.bet_type as LotteryBetType,
              number: ticket.number,
              mode: ticket.mode as LotteryMode,
              unitStake: ticket.unit_stake,
            },
            result,
          );
          await this.ctx.ledger.post(trx, {
            transferId: `lot:settle:${String(ticket.id)}`,
            reservationId: stakeId(String(ticket.id)),
            payout,
          });
          await repo.closeTicket(trx, String(ticket.id), {
            status: payout > 0n ? 'won' : 'lost',
            payout,
            wins: JSON.stringify(wins),
            at: now,
          });
        }
        // Settled only when no ticket is left open: tickets another settler holds keep the draw due, so a
        // settler that dies mid-batch leaves its tickets to the next run.
        if (tickets.length === 0 && !(await repo.hasOpenTickets(trx, drawId)))
          await repo.markSettled(trx, drawId, now);
        return {
          count: tickets.length,
          members: new Set(tickets.map((t) => String(t.account_pk))),
          finished: tickets.length === 0,
        };
      });
      settled += done.count;
      if (done.members.size > 0) await this.notifyMembers(done.members);
      if (done.finished) break;
    }
    return settled;
  }

  /** What a stored draw says, for the verify call. */
  async fairRound(drawId: number) {
    const draw = await repo.draw(this.ctx.db, String(drawId));
    if (!draw || draw.seed_id === null || draw.nonce === null || draw.result === null) return null;
    return {
      seedId: String(draw.seed_id),
      nonce: draw.nonce,
      outcome: { game: 'lottery' as const, result: JSON.parse(draw.result) as LotteryResult },
    };
  }

  private async notifyMembers(accountPks: Set<string>): Promise<void> {
    for (const pk of accountPks) {
      const account = await this.accounts.byPk(pk);
      if (account) {
        await this.notifier.betsChanged(account);
      }
    }
  }

  private async member(input: { account_id: string; session_token: string }): Promise<MemberSession> {
    const session = await this.accounts.requireSession(input);
    if ((session.account.features as Record<string, boolean>).lottery === false)
      throw new AppError('lotteryDisabled');
    return session;
  }

  private drawView(draw: DrawRow): LotteryDrawView {
    const now = this.ctx.now();
    const status = draw.status === 'open' ? (now >= draw.cutoff_at ? 'closed' : 'open') : draw.status;
    return {
      draw_id: Number(draw.id),
      house: draw.house,
      draw_at: viewDay(draw.draw_at),
      cutoff_at: viewDay(draw.cutoff_at),
      special: draw.special,
      status,
      result: draw.result ? (JSON.parse(draw.result) as LotteryResultView) : null,
      seed_hash: null,
      nonce: draw.nonce,
    };
  }
}

export const stakeId = (ticketId: string) => `lot:stake:${ticketId}`;

function ticketView(row: {
  id: string;
  draw_id: string;
  number: string;
  bet_type: string;
  mode: string;
  unit_stake: bigint;
  cost: bigint;
  status: 'open' | 'won' | 'lost' | 'cancelled';
  payout: bigint | null;
  wins: string | null;
  created_at: Date;
  settled_at: Date | null;
  house: string;
  draw_at: Date;
}): LotteryTicketView {
  return {
    ticket_id: Number(row.id),
    ref_no: `L${String(row.id)}`,
    draw_id: Number(row.draw_id),
    house: row.house,
    draw_at: row.draw_at.toISOString(),
    number: row.number,
    bet_type: row.bet_type,
    mode: row.mode,
    permutations: row.mode === 'straight' ? 1 : permutations(row.number).length,
    unit_stake: formatMinor(row.unit_stake),
    stake: formatMinor(row.cost),
    status: row.status,
    payout: row.payout === null ? null : formatMinor(row.payout),
    win_loss: row.payout === null ? null : formatMinor(row.payout - row.cost),
    wins: row.wins ? (JSON.parse(row.wins) as { number: string; tier: string }[]) : [],
    trans_time: row.created_at.toISOString(),
    settled_time: row.settled_at ? row.settled_at.toISOString() : null,
  };
}
