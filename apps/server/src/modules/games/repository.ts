import { sql } from 'kysely';
import type { Selectable } from 'kysely';
import type { GameTable, GameTransactionTable } from '../../db/schema';
import type { Executor, Trx } from '../../db/types';
import type { ProviderGame } from './adapters/adapter';

export type GameRow = Selectable<GameTable> & { studio_name: string; studio_enabled: boolean };
export type GameTransactionRow = Selectable<GameTransactionTable>;

/** An upline account as the game rules read it: its state and its product switches. */
export interface UplineSwitches {
  state: string;
  features: Record<string, boolean> | null;
}

/**
 * A member locked for one wallet call (its account row and its available balance row, FOR UPDATE: concurrent
 * calls of one member serialise here), read through the wallet session token, with what the call checks.
 */
export interface LockedMember {
  session_token: string;
  session_game_pk: string;
  session_currency: string;
  session_expires_at: Date;
  account_pk: string;
  account_id: string;
  state: string;
  features: Record<string, boolean>;
  member_type: string | null;
  given_credit: bigint;
  currency: string | null;
  available: bigint;
  outstanding: bigint;
  upline: UplineSwitches[];
  /** The status already answered to this request_uuid, if any (a replay). */
  replay_status: string | null;
  replay_token: string | null;
  /** Dedupe records of the transaction ids asked for (the call's own and the one it references). */
  known: GameTransactionRow[];
}

export interface RoundReportRow {
  round_id: string;
  round: string;
  game_code: string;
  game_name: string;
  studio: string;
  product: string;
  stake: bigint;
  win: bigint;
  status: string;
  opened_at: Date;
  closed_at: Date | null;
}

const GAME_COLUMNS = sql`g.*, st.name as studio_name, st.enabled as studio_enabled`;

/** Provider games: catalogue, launch tokens, wallet sessions and the wallet's books. The module's only SQL. */
export const gamesRepository = {
  // ---- wallet providers and catalogue ----

  async upsertWalletProvider(ex: Executor, provider: { code: string; name: string; secret: string }) {
    await ex
      .insertInto('wallet_providers')
      .values(provider)
      .onConflict((oc) => oc.column('code').doUpdateSet({ name: provider.name, secret: provider.secret }))
      .execute();
  },

  async walletProviders(ex: Executor) {
    return ex.selectFrom('wallet_providers').select(['code', 'name', 'secret', 'enabled']).execute();
  },

  /**
   * Applies one provider list: studios and games added or updated (listed again if they had vanished), games
   * of this provider the list no longer names marked unlisted (never deleted: their rounds must resolve).
   */
  async applyGameList(
    trx: Trx,
    walletProvider: string,
    games: ProviderGame[],
  ): Promise<{ added: number; unlisted: number }> {
    const studios = new Map(games.map((game) => [game.studio, game.studioName]));
    for (const [code, name] of studios) {
      await trx
        .insertInto('game_studios')
        .values({ code, name, wallet_provider: walletProvider })
        .onConflict((oc) => oc.column('code').doUpdateSet({ name }))
        .execute();
    }
    let added = 0;
    for (const [index, game] of games.entries()) {
      const values = {
        name: game.name,
        studio: game.studio,
        product: game.product,
        category: game.category,
        thumbnail_url: game.thumbnailUrl,
        hot: game.hot,
        is_new: game.isNew,
        platforms: JSON.stringify(game.platforms),
        rtp: game.rtp,
        provider_enabled: game.enabled,
        listed: true,
        sort: index,
      };
      const row = await trx
        .insertInto('games')
        .values({ game_code: game.gameCode, wallet_provider: walletProvider, ...values })
        .onConflict((oc) =>
          oc
            .column('game_code')
            .doUpdateSet({ ...values, updated_at: sql`now()` })
            .where('games.wallet_provider', '=', walletProvider),
        )
        .returning(sql<boolean>`(xmax = 0)`.as('inserted'))
        .executeTakeFirst();
      if (row?.inserted) added += 1;
    }
    const codes = games.map((game) => game.gameCode);
    let query = trx
      .updateTable('games')
      .set({ listed: false, updated_at: sql`now()` })
      .where('wallet_provider', '=', walletProvider)
      .where('listed', '=', true);
    if (codes.length > 0) query = query.where('game_code', 'not in', codes);
    const unlisted = await query.executeTakeFirst();
    return { added, unlisted: Number(unlisted.numUpdatedRows) };
  },

  async gameByCode(ex: Executor, gameCode: string): Promise<GameRow | undefined> {
    const result =
      await sql<GameRow>`select ${GAME_COLUMNS} from games g join game_studios st on st.code = g.studio
      where g.game_code = ${gameCode}`.execute(ex);
    return result.rows.map(normalGame)[0];
  },

  async gameByPk(ex: Executor, gamePk: string): Promise<GameRow | undefined> {
    const result =
      await sql<GameRow>`select ${GAME_COLUMNS} from games g join game_studios st on st.code = g.studio
      where g.id = ${gamePk}::bigint`.execute(ex);
    return result.rows.map(normalGame)[0];
  },

  /** Listed games of one product a brand may show, in the provider's order. */
  async lobbyGames(ex: Executor, input: { product: string; brandId: number }): Promise<GameRow[]> {
    const result =
      await sql<GameRow>`select ${GAME_COLUMNS} from games g join game_studios st on st.code = g.studio
      where g.product = ${input.product} and g.listed and st.enabled
        and not exists (select 1 from game_brand_blocks b where b.game_pk = g.id and b.brand_id = ${input.brandId})
      order by st.code, g.sort, g.id
      limit 5000`.execute(ex);
    return result.rows.map(normalGame);
  },

  async isBlockedForBrand(ex: Executor, gamePk: string, brandId: number): Promise<boolean> {
    const row = await ex
      .selectFrom('game_brand_blocks')
      .select('game_pk')
      .where('game_pk', '=', gamePk)
      .where('brand_id', '=', brandId)
      .executeTakeFirst();
    return row !== undefined;
  },

  async setMaintenance(ex: Executor, gameCode: string, maintenance: boolean) {
    await ex.updateTable('games').set({ maintenance }).where('game_code', '=', gameCode).execute();
  },

  async blockForBrand(ex: Executor, gamePk: string, brandId: number) {
    await ex
      .insertInto('game_brand_blocks')
      .values({ game_pk: gamePk, brand_id: brandId })
      .onConflict((oc) => oc.doNothing())
      .execute();
  },

  /** The product switches of a member's upline chain (the member itself excluded). */
  async uplineSwitches(ex: Executor, path: string, accountPk: string): Promise<UplineSwitches[]> {
    const result = await sql<UplineSwitches>`select u.state, u.features from accounts u
      where u.id = any(string_to_array(trim(both '/' from ${path}::text), '/')::bigint[]) and u.id <> ${accountPk}::bigint`.execute(
      ex,
    );
    return result.rows;
  },

  // ---- launch tokens and wallet sessions ----

  async insertLaunchToken(
    ex: Executor,
    row: { token: string; accountPk: string; gamePk: string; currency: string; expiresAt: Date },
  ) {
    await ex
      .insertInto('game_launch_tokens')
      .values({
        token: row.token,
        account_pk: row.accountPk,
        game_pk: row.gamePk,
        currency: row.currency,
        expires_at: row.expiresAt,
      })
      .execute();
  },

  /** Marks a launch token used (at most once, ever); undefined when unknown, used before or expired. */
  async consumeLaunchToken(trx: Trx, token: string, now: Date) {
    return trx
      .updateTable('game_launch_tokens')
      .set({ used_at: now })
      .where('token', '=', token)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['account_pk', 'game_pk', 'currency'])
      .executeTakeFirst();
  },

  /** Opens a wallet session and ends the member's older sessions with this provider (bets on them expire). */
  async openSession(
    trx: Trx,
    row: {
      token: string;
      accountPk: string;
      gamePk: string;
      walletProvider: string;
      currency: string;
      now: Date;
      expiresAt: Date;
    },
  ) {
    await trx
      .updateTable('game_sessions')
      .set({ expires_at: row.now })
      .where('account_pk', '=', row.accountPk)
      .where('wallet_provider', '=', row.walletProvider)
      .where('expires_at', '>', row.now)
      .execute();
    await trx
      .insertInto('game_sessions')
      .values({
        token: row.token,
        account_pk: row.accountPk,
        game_pk: row.gamePk,
        wallet_provider: row.walletProvider,
        currency: row.currency,
        created_at: row.now,
        expires_at: row.expiresAt,
      })
      .execute();
  },

  /**
   * The member behind a wallet session, with its balances and the answer already given to this request;
   * `lock` takes the member's account row and available balance row FOR UPDATE (one wallet call at a time).
   */
  async memberBySession(
    ex: Executor,
    input: {
      token: string;
      walletProvider: string;
      requestUuid: string;
      lock: boolean;
      transactionUuids?: string[];
    },
  ): Promise<LockedMember | undefined> {
    const uuids = input.transactionUuids ?? [];
    const result = await sql<LockedMember>`
      select s.token as session_token, s.game_pk::text as session_game_pk, s.currency as session_currency,
        s.expires_at as session_expires_at, a.id::text as account_pk, a.account_id, a.state, a.features,
        a.member_type, a.given_credit, a.currency,
        la.balance as available,
        coalesce((select lo.balance from ledger_accounts lo where coalesce(lo.owner_pk, 0) = a.id
          and lo.kind = 'outstanding' and lo.currency = s.currency), 0) as outstanding,
        (select coalesce(json_agg(json_build_object('state', u.state, 'features', u.features)), '[]')
          from accounts u
          where u.id = any(string_to_array(trim(both '/' from a.path), '/')::bigint[]) and u.id <> a.id) as upline,
        r.status as replay_status, r.token as replay_token,
        ${
          uuids.length === 0
            ? sql`'[]'::json`
            : sql`(select coalesce(json_agg(t), '[]') from game_transactions t
                where t.wallet_provider = ${input.walletProvider} and t.transaction_uuid in (${sql.join(uuids)}))`
        } as known
      from game_sessions s
      join accounts a on a.id = s.account_pk
      -- coalesce(owner_pk, 0): the form of the ledger's unique index, so the lookup is an index probe.
      join ledger_accounts la on coalesce(la.owner_pk, 0) = a.id and la.kind = 'available' and la.currency = s.currency
      left join game_requests r on r.wallet_provider = ${input.walletProvider} and r.request_uuid = ${input.requestUuid}
      where s.token = ${input.token} and s.wallet_provider = ${input.walletProvider}
      ${input.lock ? sql`for update of a, la` : sql``}`.execute(ex);
    const row = result.rows[0];
    if (!row) return undefined;
    return {
      ...row,
      given_credit: BigInt(row.given_credit),
      available: BigInt(row.available),
      outstanding: BigInt(row.outstanding),
      // Read as JSON: ids and amounts as the rest of the module reads them.
      known: row.known.map((t) => ({
        ...t,
        id: String(t.id),
        account_pk: String(t.account_pk),
        game_pk: String(t.game_pk),
        round_pk: t.round_pk === null ? null : String(t.round_pk),
        amount: BigInt(t.amount),
      })),
    };
  },

  // ---- wallet books ----

  async recordRequest(
    ex: Executor,
    row: { walletProvider: string; requestUuid: string; status: string; token?: string },
  ) {
    await ex
      .insertInto('game_requests')
      .values({
        wallet_provider: row.walletProvider,
        request_uuid: row.requestUuid,
        status: row.status,
        token: row.token ?? null,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
  },

  async requestStatus(ex: Executor, walletProvider: string, requestUuid: string) {
    return ex
      .selectFrom('game_requests')
      .select(['status', 'token'])
      .where('wallet_provider', '=', walletProvider)
      .where('request_uuid', '=', requestUuid)
      .executeTakeFirst();
  },

  /** The dedupe record; null when the id exists already (a concurrent call of another member took it). */
  async insertTransaction(
    trx: Trx,
    row: {
      walletProvider: string;
      transactionUuid: string;
      kind: GameTransactionRow['kind'];
      accountPk: string;
      gamePk: string;
      roundPk: string | null;
      round: string;
      referenceUuid: string | null;
      amount: bigint;
      state: string;
      status: string;
    },
  ): Promise<string | null> {
    const inserted = await trx
      .insertInto('game_transactions')
      .values({
        wallet_provider: row.walletProvider,
        transaction_uuid: row.transactionUuid,
        kind: row.kind,
        account_pk: row.accountPk,
        game_pk: row.gamePk,
        round_pk: row.roundPk,
        round: row.round,
        reference_uuid: row.referenceUuid,
        amount: row.amount,
        state: row.state,
        status: row.status,
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted ? String(inserted.id) : null;
  },

  async setTransactionState(trx: Trx, id: string, state: string) {
    await trx.updateTable('game_transactions').set({ state }).where('id', '=', id).execute();
  },

  /** Opens the member's round or adds a bet to it; closes it when the provider says so. */
  async addBetToRound(
    trx: Trx,
    row: {
      walletProvider: string;
      round: string;
      accountPk: string;
      gamePk: string;
      currency: string;
      stake: bigint;
      closed: boolean;
    },
  ): Promise<string> {
    const inserted = await trx
      .insertInto('game_rounds')
      .values({
        wallet_provider: row.walletProvider,
        round: row.round,
        account_pk: row.accountPk,
        game_pk: row.gamePk,
        currency: row.currency,
        stake: row.stake,
        bets: 1,
        status: row.closed ? 'closed' : 'open',
        closed_at: row.closed ? sql<Date>`now()` : null,
      })
      .onConflict((oc) =>
        oc.columns(['wallet_provider', 'round', 'account_pk']).doUpdateSet({
          stake: sql`game_rounds.stake + excluded.stake`,
          bets: sql`game_rounds.bets + 1`,
          status: row.closed ? 'closed' : sql`game_rounds.status`,
          closed_at: row.closed ? sql`coalesce(game_rounds.closed_at, now())` : sql`game_rounds.closed_at`,
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    return String(inserted.id);
  },

  /** A win (adds to the round's win) or a rollback (takes the stake back out); closes it when told. */
  async adjustRound(trx: Trx, roundPk: string, change: { win: bigint; stake: bigint; closed: boolean }) {
    await trx
      .updateTable('game_rounds')
      .set({
        win: sql`win + ${change.win}`,
        stake: sql`stake + ${change.stake}`,
        ...(change.closed ? { status: 'closed', closed_at: sql`coalesce(closed_at, now())` } : {}),
      })
      .where('id', '=', roundPk)
      .execute();
  },

  /**
   * Closes rounds left open since `before` (at most `limit` a call): their open bets stand as lost (state
   * 'done'), so a late win or rollback no longer moves money.
   */
  async closeStaleRounds(ex: Executor, before: Date, limit: number): Promise<number> {
    const result = await sql<{ id: string }>`
      with stale as (
        select id from game_rounds where status = 'open' and opened_at < ${before} order by opened_at limit ${limit}
        for update skip locked
      ), closed as (
        update game_rounds r set status = 'closed', closed_at = now() from stale where r.id = stale.id returning r.id
      ), bets as (
        update game_transactions t set state = 'done' from closed
        where t.round_pk = closed.id and t.kind = 'bet' and t.state = 'open' returning t.id
      )
      select id::text from closed`.execute(ex);
    return result.rows.length;
  },

  // ---- reports ----

  async rounds(
    ex: Executor,
    input: {
      accountPk: string;
      products: string[];
      from: Date;
      to: Date;
      limit: number;
      offset: number;
    },
  ): Promise<{ rows: RoundReportRow[]; total: number; stake: bigint; win: bigint }> {
    const where = sql`r.account_pk = ${input.accountPk}::bigint and r.opened_at >= ${input.from}
      and r.opened_at < ${input.to} and g.product in (${sql.join(input.products)})`;
    const [page, sums] = await Promise.all([
      sql<RoundReportRow>`select r.id::text as round_id, r.round, g.game_code, g.name as game_name, g.studio,
          g.product, r.stake, r.win, r.status, r.opened_at, r.closed_at
        from game_rounds r join games g on g.id = r.game_pk
        where ${where}
        order by r.opened_at desc, r.id desc
        limit ${input.limit} offset ${input.offset}`.execute(ex),
      sql<{ n: string; stake: string; win: string }>`select count(*)::text as n,
          coalesce(sum(r.stake), 0)::text as stake, coalesce(sum(r.win), 0)::text as win
        from game_rounds r join games g on g.id = r.game_pk
        where ${where}`.execute(ex),
    ]);
    const total = sums.rows[0];
    return {
      rows: page.rows.map((row) => ({ ...row, stake: BigInt(row.stake), win: BigInt(row.win) })),
      total: Number(total?.n ?? 0),
      stake: BigInt(total?.stake ?? 0),
      win: BigInt(total?.win ?? 0),
    };
  },
};

/** Ids as text whichever driver read them (PGlite and node-postgres differ for BIGINT). */
function normalGame(row: GameRow): GameRow {
  return { ...row, id: String(row.id) };
}
