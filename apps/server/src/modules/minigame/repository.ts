import { sql } from 'kysely';
import type { Executor } from '../../db/types';

/** The only SQL of the mini games: crash rounds and every member's round (crash bet, dice roll, hi-lo game). */
export const minigameRepository = {
  async liveCrash(ex: Executor) {
    return ex.selectFrom('crash_rounds').selectAll().where('status', '<>', 'busted').executeTakeFirst();
  },

  /**
   * The live round for the clock, with the lowest automatic cash-out target of its open bets while it flies
   * (bets close when it starts, so the clock need not open a transaction before a target is reached).
   */
  async liveCrashForClock(ex: Executor) {
    return ex
      .selectFrom('crash_rounds as c')
      .selectAll('c')
      .select(
        sql<number | null>`case when c.status = 'running' then (select min((m.detail::jsonb ->> 'auto')::int)
          from minigame_rounds m where m.crash_round_id = c.id and m.status = 'open') end`.as('next_auto'),
      )
      .where('c.status', '<>', 'busted')
      .executeTakeFirst();
  },

  async crash(ex: Executor, id: string) {
    return ex.selectFrom('crash_rounds').selectAll().where('id', '=', id).executeTakeFirst();
  },

  async lockCrash(ex: Executor, id: string, mode: 'update' | 'share') {
    const query = ex.selectFrom('crash_rounds').selectAll().where('id', '=', id);
    return (mode === 'update' ? query.forUpdate() : query.forShare()).executeTakeFirst();
  },

  /** A new crash round; none when another process opened one first (one live round, by a unique index). */
  async insertCrash(
    ex: Executor,
    row: { seedId: string; nonce: number; crashPoint: number; startsAt: Date; bustAt: Date },
  ) {
    return ex
      .insertInto('crash_rounds')
      .values({
        seed_id: row.seedId,
        nonce: row.nonce,
        crash_point: row.crashPoint,
        status: 'betting',
        starts_at: row.startsAt,
        bust_at: row.bustAt,
      })
      .onConflict((oc) =>
        oc
          .expression(sql`(true)`)
          .where('status', '<>', 'busted')
          .doNothing(),
      )
      .returningAll()
      .executeTakeFirst();
  },

  /** Moves a round on; false when it was already moved (another process, or a repeat). */
  async setCrashStatus(
    ex: Executor,
    id: string,
    from: 'betting' | 'running',
    to: 'running' | 'busted',
    at: Date,
  ) {
    const result = await ex
      .updateTable('crash_rounds')
      .set({ status: to, ...(to === 'busted' ? { settled_at: at } : {}) })
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  },

  async recentCrashes(ex: Executor, limit: number) {
    return ex
      .selectFrom('crash_rounds')
      .selectAll()
      .where('status', '=', 'busted')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  },

  async insertRound(
    ex: Executor,
    row: {
      game: 'crash' | 'dice' | 'hilo';
      accountPk: string;
      currency: string;
      stake: bigint;
      seedId: string | null;
      nonce: number | null;
      crashRoundId: string | null;
      detail: string;
      at: Date;
    },
  ) {
    return ex
      .insertInto('minigame_rounds')
      .values({
        game: row.game,
        account_pk: row.accountPk,
        currency: row.currency,
        stake: row.stake,
        status: 'open',
        seed_id: row.seedId,
        nonce: row.nonce,
        crash_round_id: row.crashRoundId,
        detail: row.detail,
        created_at: row.at,
      })
      .onConflict((oc) =>
        oc.columns(['crash_round_id', 'account_pk']).where('crash_round_id', 'is not', null).doNothing(),
      )
      .returningAll()
      .executeTakeFirst();
  },

  async round(ex: Executor, id: string) {
    return ex.selectFrom('minigame_rounds').selectAll().where('id', '=', id).executeTakeFirst();
  },

  async lockRound(ex: Executor, id: string) {
    return ex.selectFrom('minigame_rounds').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  },

  async lockCrashBet(ex: Executor, crashRoundId: string, accountPk: string) {
    return ex
      .selectFrom('minigame_rounds')
      .selectAll()
      .where('crash_round_id', '=', crashRoundId)
      .where('account_pk', '=', accountPk)
      .forUpdate()
      .executeTakeFirst();
  },

  /** Busted rounds with bets still open (a process stopped between the bust and its settlement). */
  async bustedWithOpenBets(ex: Executor, limit: number) {
    return ex
      .selectFrom('crash_rounds')
      .selectAll()
      .where('status', '=', 'busted')
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('minigame_rounds')
            .select('minigame_rounds.id')
            .whereRef('minigame_rounds.crash_round_id', '=', 'crash_rounds.id')
            .where('minigame_rounds.status', '=', 'open'),
        ),
      )
      .orderBy('id')
      .limit(limit)
      .execute();
  },

  /**
   * Open bets of a crash round, locked, in id order (a batch of the settlement). In flight (`autoAtMost`) a bet
   * being cashed out is skipped (the next tick sees it); at the bust every bet is waited for, none left open.
   */
  async openCrashBets(ex: Executor, crashRoundId: string, limit: number, autoAtMost?: number) {
    let query = ex
      .selectFrom('minigame_rounds')
      .selectAll()
      .where('crash_round_id', '=', crashRoundId)
      .where('status', '=', 'open');
    if (autoAtMost !== undefined) {
      query = query.where(sql<boolean>`(detail::jsonb ->> 'auto')::int <= ${autoAtMost}`);
    }
    const locked = query.orderBy('id').limit(limit).forUpdate();
    return (autoAtMost === undefined ? locked : locked.skipLocked()).execute();
  },

  async closeRound(
    ex: Executor,
    id: string,
    row: { status: 'won' | 'lost' | 'open'; payout: bigint | null; detail: string; at: Date | null },
  ) {
    await ex
      .updateTable('minigame_rounds')
      .set({ status: row.status, payout: row.payout, detail: row.detail, settled_at: row.at })
      .where('id', '=', id)
      .execute();
  },

  async openHilo(ex: Executor, accountPk: string) {
    return ex
      .selectFrom('minigame_rounds')
      .selectAll()
      .where('account_pk', '=', accountPk)
      .where('game', '=', 'hilo')
      .where('status', '=', 'open')
      .executeTakeFirst();
  },

  async memberRounds(
    ex: Executor,
    accountPk: string,
    filter: { game?: string | undefined; settledFrom?: Date; settledTo?: Date },
    page: { limit: number; offset: number },
  ) {
    let query = ex
      .selectFrom('minigame_rounds as r')
      .leftJoin('fair_seeds as s', 's.id', 'r.seed_id')
      .where('r.account_pk', '=', accountPk);
    if (filter.game) query = query.where('r.game', '=', filter.game as 'dice');
    if (filter.settledFrom) query = query.where('r.settled_at', '>=', filter.settledFrom);
    if (filter.settledTo) query = query.where('r.settled_at', '<', filter.settledTo);
    const [rows, count] = await Promise.all([
      query
        .select([
          'r.id',
          'r.game',
          'r.stake',
          'r.payout',
          'r.status',
          'r.detail',
          'r.nonce',
          'r.crash_round_id',
          'r.created_at',
          's.seed_hash',
        ])
        .orderBy('r.id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      query.select(sql<string>`count(*)::text`.as('n')).executeTakeFirst(),
    ]);
    return { rows, total: Number(count?.n ?? 0) };
  },

  /** Settled rounds of a member in [from, to) per game: count, stake and win/loss (the statement's line). */
  async settledSums(ex: Executor, accountPk: string, from: Date, to: Date) {
    const rows = await ex
      .selectFrom('minigame_rounds')
      .select([
        'game',
        sql<string>`count(*)::text`.as('n'),
        sql<string>`coalesce(sum(stake), 0)::text`.as('stake'),
        sql<string>`coalesce(sum(coalesce(payout, 0) - stake), 0)::text`.as('win_loss'),
      ])
      .where('account_pk', '=', accountPk)
      .where('status', 'in', ['won', 'lost'])
      .where('settled_at', '>=', from)
      .where('settled_at', '<', to)
      .groupBy('game')
      .execute();
    return rows.map((r) => ({
      game: r.game,
      rounds: Number(r.n),
      stake: BigInt(r.stake),
      winLoss: BigInt(r.win_loss),
    }));
  },
};
