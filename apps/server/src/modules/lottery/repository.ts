import { sql } from 'kysely';
import type { Executor } from '../../db/types';

/** The only SQL of the 4D lottery: draws, tickets, per-number liability and the operator's caps. */
export const lotteryRepository = {
  /** Schedules a draw; an existing one at the same house and time is left as it is. */
  async insertDraw(ex: Executor, row: { house: string; drawAt: Date; cutoffAt: Date; special: boolean }) {
    return ex
      .insertInto('lottery_draws')
      .values({
        house: row.house,
        draw_at: row.drawAt,
        cutoff_at: row.cutoffAt,
        special: row.special,
        status: 'open',
      })
      .onConflict((oc) => oc.columns(['house', 'draw_at']).doNothing())
      .returningAll()
      .executeTakeFirst();
  },

  async draw(ex: Executor, drawId: string) {
    return ex.selectFrom('lottery_draws').selectAll().where('id', '=', drawId).executeTakeFirst();
  },

  async lockDraw(ex: Executor, drawId: string) {
    return ex.selectFrom('lottery_draws').selectAll().where('id', '=', drawId).forUpdate().executeTakeFirst();
  },

  /** Draws still to sell, soonest first, and the latest drawn ones. */
  async upcoming(ex: Executor, now: Date, limit: number) {
    return ex
      .selectFrom('lottery_draws')
      .selectAll()
      .where('status', '=', 'open')
      .where('draw_at', '>', now)
      .orderBy('draw_at')
      .orderBy('house')
      .limit(limit)
      .execute();
  },

  async drawn(ex: Executor, limit: number, offset: number) {
    return ex
      .selectFrom('lottery_draws')
      .selectAll()
      .where('result', 'is not', null)
      .orderBy('draw_at', 'desc')
      .orderBy('house')
      .limit(limit)
      .offset(offset)
      .execute();
  },

  async due(ex: Executor, now: Date, limit: number) {
    return ex
      .selectFrom('lottery_draws')
      .select('id')
      .where('status', '<>', 'settled')
      .where('draw_at', '<=', now)
      .orderBy('draw_at')
      .limit(limit)
      .execute();
  },

  async markDrawn(
    ex: Executor,
    drawId: string,
    row: { seedId: string; nonce: number; result: string; at: Date },
  ) {
    await ex
      .updateTable('lottery_draws')
      .set({ status: 'drawn', seed_id: row.seedId, nonce: row.nonce, result: row.result, drawn_at: row.at })
      .where('id', '=', drawId)
      .execute();
  },

  async markSettled(ex: Executor, drawId: string, at: Date) {
    await ex
      .updateTable('lottery_draws')
      .set({ status: 'settled', settled_at: at })
      .where('id', '=', drawId)
      .execute();
  },

  async moveDraw(ex: Executor, drawId: string, drawAt: Date, cutoffAt: Date) {
    await ex
      .updateTable('lottery_draws')
      .set({ draw_at: drawAt, cutoff_at: cutoffAt })
      .where('id', '=', drawId)
      .where('status', '=', 'open')
      .execute();
  },

  async insertTicket(
    ex: Executor,
    row: {
      accountPk: string;
      currency: string;
      drawId: string;
      number: string;
      betType: string;
      mode: string;
      unitStake: bigint;
      cost: bigint;
      at: Date;
    },
  ) {
    return ex
      .insertInto('lottery_tickets')
      .values({
        account_pk: row.accountPk,
        currency: row.currency,
        draw_id: row.drawId,
        number: row.number,
        bet_type: row.betType,
        mode: row.mode,
        unit_stake: row.unitStake,
        cost: row.cost,
        status: 'open',
        created_at: row.at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  /** The next open tickets of a draw, locked; a parallel settler skips them. */
  async openTickets(ex: Executor, drawId: string, limit: number) {
    return ex
      .selectFrom('lottery_tickets')
      .selectAll()
      .where('draw_id', '=', drawId)
      .where('status', '=', 'open')
      .orderBy('id')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
  },

  /** Whether any ticket of the draw is still open (locked by another settler or not). */
  async hasOpenTickets(ex: Executor, drawId: string): Promise<boolean> {
    const row = await ex
      .selectFrom('lottery_tickets')
      .select('id')
      .where('draw_id', '=', drawId)
      .where('status', '=', 'open')
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  },

  async closeTicket(
    ex: Executor,
    ticketId: string,
    row: { status: 'won' | 'lost' | 'cancelled'; payout: bigint | null; wins: string | null; at: Date },
  ) {
    await ex
      .updateTable('lottery_tickets')
      .set({
        status: row.status,
        payout: row.payout,
        wins: row.wins,
        ...(row.status === 'cancelled' ? { cancelled_at: row.at } : { settled_at: row.at }),
      })
      .where('id', '=', ticketId)
      .execute();
  },

  async memberTickets(
    ex: Executor,
    accountPk: string,
    filter: { status: 'open' | 'settled' | 'cancelled' | 'all'; from?: Date; to?: Date },
    page: { limit: number; offset: number },
  ) {
    let query = ex
      .selectFrom('lottery_tickets as t')
      .innerJoin('lottery_draws as d', 'd.id', 't.draw_id')
      .where('t.account_pk', '=', accountPk);
    if (filter.status === 'open') query = query.where('t.status', '=', 'open');
    if (filter.status === 'settled') query = query.where('t.status', 'in', ['won', 'lost']);
    if (filter.status === 'cancelled') query = query.where('t.status', '=', 'cancelled');
    const stamp =
      filter.status === 'cancelled'
        ? 't.cancelled_at'
        : filter.status === 'settled'
          ? 't.settled_at'
          : 't.created_at';
    if (filter.from) query = query.where(stamp, '>=', filter.from);
    if (filter.to) query = query.where(stamp, '<', filter.to);
    const [rows, count] = await Promise.all([
      query
        .select([
          't.id',
          't.draw_id',
          't.number',
          't.bet_type',
          't.mode',
          't.unit_stake',
          't.cost',
          't.status',
          't.payout',
          't.wins',
          't.created_at',
          't.settled_at',
          't.cancelled_at',
          'd.house',
          'd.draw_at',
        ])
        .orderBy('t.id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      query.select(sql<string>`count(*)::text`.as('n')).executeTakeFirst(),
    ]);
    return { rows, total: Number(count?.n ?? 0) };
  },

  /** Settled tickets of a member in [from, to): count, stake and win/loss (the statement's lottery line). */
  async settledSums(ex: Executor, accountPk: string, from: Date, to: Date) {
    const row = await ex
      .selectFrom('lottery_tickets')
      .select([
        sql<string>`count(*)::text`.as('n'),
        sql<string>`coalesce(sum(cost), 0)::text`.as('stake'),
        sql<string>`coalesce(sum(payout - cost), 0)::text`.as('win_loss'),
      ])
      .where('account_pk', '=', accountPk)
      .where('status', 'in', ['won', 'lost'])
      .where('settled_at', '>=', from)
      .where('settled_at', '<', to)
      .executeTakeFirst();
    return {
      tickets: Number(row?.n ?? 0),
      stake: BigInt(row?.stake ?? 0),
      winLoss: BigInt(row?.win_loss ?? 0),
    };
  },

  /** Adds a ticket's liability to a number and answers the new total (the row lock orders buyers of a number). */
  async addLiability(
    ex: Executor,
    row: { drawId: string; currency: string; number: string; amount: bigint },
  ) {
    const result = await ex
      .insertInto('lottery_liability')
      .values({ draw_id: row.drawId, currency: row.currency, number: row.number, amount: row.amount })
      .onConflict((oc) =>
        oc
          .columns(['draw_id', 'currency', 'number'])
          .doUpdateSet({ amount: sql`lottery_liability.amount + ${row.amount}` }),
      )
      .returning('amount')
      .executeTakeFirstOrThrow();
    return result.amount;
  },

  async caps(ex: Executor, currency: string, numbers: string[]) {
    return ex
      .selectFrom('lottery_caps')
      .selectAll()
      .where('currency', '=', currency)
      .where('number', 'in', ['*', ...numbers])
      .execute();
  },

  async allCaps(ex: Executor) {
    return ex
      .selectFrom('lottery_caps')
      .selectAll()
      .orderBy('currency')
      .orderBy('number')
      .limit(1_000)
      .execute();
  },

  async setCap(ex: Executor, row: { currency: string; number: string; cap: bigint }) {
    await ex
      .insertInto('lottery_caps')
      .values(row)
      .onConflict((oc) => oc.columns(['currency', 'number']).doUpdateSet({ cap: row.cap }))
      .execute();
  },
};
