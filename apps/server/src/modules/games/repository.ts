import { sql, type RawBuilder } from 'kysely';
import type { Selectable } from 'kysely';
import type { GameTable, GameTransactionTable } from '../../db/schema';
import { PREPARED } from '../../db/database';
import { isCheckViolation, uniqueViolationOf, walletBatchConflict } from '../../db/errors';
import type { Executor, Trx } from '../../db/types';
import type { MemberMovesFragment } from '../ledger/fragments';
import type { ProviderGame } from './adapters/adapter';

export type GameRow = Selectable<GameTable> & { studio_name: string; studio_enabled: boolean };
export type GameTransactionRow = Selectable<GameTransactionTable>;

/** An upline account as the game rules read it: its state and its product switches. */
export interface UplineSwitches {
  state: string;
  features: Record<string, boolean> | null;
}

/** A member as a wallet session finds it: the session, the account, its balances and its upline's switches. */
export interface SessionMember {
  session_provider: string;
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
  /** The ledger account of its available balance in the session's currency. */
  available_account: string;
  available: bigint;
  outstanding: bigint;
  upline: UplineSwitches[];
}

/** A member of a wallet batch, as its read found it. */
export type WalletMember = SessionMember;

export interface StoredRequest {
  wallet_provider: string;
  request_uuid: string;
  status: string;
  token: string | null;
}

/** A round as the wallet addresses it: provider, the provider's round id and the member. */
export interface RoundKey {
  walletProvider: string;
  round: string;
  accountPk: string;
  gamePk: string;
  currency: string;
}

/** A round's key fields: provider, the provider's round id and the member. */
export interface RoundKeyParts {
  walletProvider: string;
  round: string;
  accountPk: string;
}

/** A member as read inside a JSON document (money and times as text). */
type JsonMember = Omit<
  SessionMember,
  'given_credit' | 'available' | 'outstanding' | 'session_expires_at' | 'upline'
> & {
  given_credit: string;
  available: string;
  outstanding: string;
  session_expires_at: string;
  /** Its path: the upline is read once for the whole batch (see readBatchStatement). */
  path: string;
};

/** An upline account of a batch's members, read once however many of them share it. */
type JsonUpline = UplineSwitches & { id: string };

/** A dedupe record as read inside a JSON document (ids and amounts as text). */
type JsonTransaction = Omit<GameTransactionRow, 'amount' | 'created_at'> & {
  amount: string;
  created_at: string;
};

export interface RoundChange {
  walletProvider: string;
  round: string;
  accountPk: string;
  stake: bigint;
  win: bigint;
  bets: number;
  closed: boolean;
}

export interface NewTransaction {
  walletProvider: string;
  transactionUuid: string;
  kind: GameTransactionRow['kind'];
  accountPk: string;
  gamePk: string;
  round: string;
  referenceUuid: string | null;
  amount: bigint;
  state: string;
  status: string;
}

/** The one spelling of a round's key in a batch's maps. */
export const roundKeyOf = (walletProvider: string, round: string, accountPk: string) =>
  JSON.stringify([walletProvider, round, accountPk]);

/** A member's outstanding balance in a currency (0 without such an account), by the ledger's unique index. */
const outstandingOf = (owner: RawBuilder<unknown>, currency: RawBuilder<unknown>) =>
  sql`coalesce((select lo.balance from ledger_accounts lo where coalesce(lo.owner_pk, 0) = ${owner}
    and lo.kind = 'outstanding' and lo.currency = ${currency}), 0)`;

/** What a session's member row holds (see SessionMember), over `game_sessions s` and SESSION_MEMBER_JOINS. */
const SESSION_ACCOUNT_COLUMNS = sql`s.wallet_provider as session_provider, s.token as session_token,
  s.game_pk::text as session_game_pk, s.currency as session_currency, s.expires_at as session_expires_at,
  a.id::text as account_pk, a.account_id, a.state, a.features, a.member_type, a.given_credit, a.currency,
  la.id::text as available_account, la.balance as available,
  ${outstandingOf(sql`a.id`, sql`s.currency`)} as outstanding`;
const SESSION_MEMBER_COLUMNS = sql`${SESSION_ACCOUNT_COLUMNS},
  (select coalesce(json_agg(json_build_object('state', u.state, 'features', u.features)), '[]')
    from accounts u
    where u.id = any(string_to_array(trim(both '/' from a.path), '/')::bigint[]) and u.id <> a.id) as upline`;

/** coalesce(owner_pk, 0): the form of the ledger's unique index, so the lookup is an index probe. */
const SESSION_MEMBER_JOINS = sql`join accounts a on a.id = s.account_pk
  join ledger_accounts la on coalesce(la.owner_pk, 0) = a.id and la.kind = 'available'
    and la.currency = s.currency`;

/** Money as bigint whichever driver (or JSON) read it. */
function sessionMember(
  row: Omit<SessionMember, 'given_credit' | 'available' | 'outstanding'> & {
    given_credit: bigint | string;
    available: bigint | string;
    outstanding: bigint | string;
  },
): SessionMember {
  return {
    ...row,
    given_credit: BigInt(row.given_credit),
    available: BigInt(row.available),
    outstanding: BigInt(row.outstanding),
  };
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

  /** The member behind a wallet session, with its balances (no lock: the check and balance calls). */
  async memberBySession(
    ex: Executor,
    input: { token: string; walletProvider: string },
  ): Promise<SessionMember | undefined> {
    const result = await sql<WalletMember>`
      select ${SESSION_MEMBER_COLUMNS} from game_sessions s ${SESSION_MEMBER_JOINS}
      where s.token = ${input.token} and s.wallet_provider = ${input.walletProvider}`.execute(ex);
    const row = result.rows[0];
    return row ? sessionMember(row) : undefined;
  },

  // ---- wallet batches (wallet-batch.ts) ----

  /**
   * What a batch decides on, in one statement (one snapshot): the members behind its session tokens with their
   * balances, the stored replies of its request ids and the dedupe records of its transaction ids. Nothing is
   * locked: the batch's write is one statement that checks what it decided on (writeBatch), and a member's
   * calls take one lane, so they never race each other. Run on the wallet's own connections (ctx.walletDb).
   */
  async readBatch(
    ex: Executor,
    input: ReadBatchInput,
  ): Promise<{
    members: WalletMember[];
    requests: StoredRequest[];
    transactions: GameTransactionRow[];
    rulesVersion: string;
  }> {
    const result = await readBatchStatement(input).execute(ex);
    const row = result.rows[0];
    const uplines = new Map((row?.uplines ?? []).map(({ id, state, features }) => [id, { state, features }]));
    return {
      members: (row?.members ?? []).map(({ path, ...member }) =>
        sessionMember({
          ...member,
          session_expires_at: new Date(member.session_expires_at),
          upline: uplineOf(path, member.account_pk, uplines),
        }),
      ),
      requests: row?.requests ?? [],
      transactions: (row?.transactions ?? []).map((t) => ({
        ...t,
        amount: BigInt(t.amount),
        created_at: new Date(t.created_at),
      })),
      rulesVersion: row?.rules_version ?? '0',
    };
  },

  /**
   * All of a batch's writes in one statement, with no transaction around it (it is one): its rounds opened or
   * changed (stakes, wins, bets, closes), its dedupe records, the new states of older records, the answered
   * requests and its ledger movements. What it decided on may have changed since its read (or since the
   * wallet's memory of it): an id another member's call took, a request answered before, a bet the stale-round
   * closer ended, a balance another writer took from, an account's rules changed, a session ended by a newer
   * launch. Then nothing of it stands (wallet_batch_guard, a record's or request's key, or the balance check
   * aborts the statement) and the answer is 'changed'. Otherwise the members' available balances after it (by
   * ledger account id) and their outstanding balances (by account).
   */
  async writeBatch(ex: Executor, batch: WriteBatchInput): Promise<'changed' | WrittenBatch> {
    try {
      const result = await writeBatchStatement(batch).execute(ex);
      const row = result.rows[0];
      return {
        balances: new Map((row?.balances ?? []).map((b) => [b.id, BigInt(b.balance)])),
        outstanding: new Map((row?.outstanding ?? []).map((o) => [o.id, BigInt(o.balance)])),
      };
    } catch (error) {
      const conflict = walletBatchConflict(error) ?? uniqueViolationOf(error);
      if ((conflict !== undefined && CHANGED_MEANWHILE.has(conflict)) || isCheckViolation(error))
        return 'changed';
      // A movement recorded before its dedupe record, or a rolled-back round gone: a bug, not a race.
      throw error;
    }
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

  /**
   * Closes rounds left open since `before` (at most `limit` a call): their open bets stand as lost (state
   * 'done'), so a late win or rollback no longer moves money.
   */
  async closeStaleRounds(ex: Executor, before: Date, limit: number): Promise<number> {
    const result = await closeStaleRoundsStatement(before, limit).execute(ex);
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

/**
 * A member's upline (its path's accounts but itself) from the accounts a batch read once for all its members.
 * An account of the path not found would be one deleted, which accounts never are; it is skipped, as the
 * per-member read skipped it.
 */
function uplineOf(path: string, accountPk: string, uplines: Map<string, UplineSwitches>): UplineSwitches[] {
  const chain: UplineSwitches[] = [];
  for (const id of path.split('/')) {
    const upline = id && id !== accountPk ? uplines.get(id) : undefined;
    if (upline) chain.push(upline);
  }
  return chain;
}

/** Ids as text whichever driver read them (PGlite and node-postgres differ for BIGINT). */
function normalGame(row: GameRow): GameRow {
  return { ...row, id: String(row.id) };
}

/** What a batch's write answers: available balances by ledger account id, outstanding ones by account. */
export interface WrittenBatch {
  balances: Map<string, bigint>;
  outstanding: Map<string, bigint>;
}

/**
 * What refuses a batch when another writer came first, not a bug: the guards (wallet_batch_guard's names), and
 * the keys of the records and requests it inserts (a plain insert: an upsert's arbiter check costs an index probe
 * and a WAL record a row, and the batch stands whole or not at all either way).
 */
const CHANGED_MEANWHILE = new Set([
  'records',
  'states',
  'balances',
  'requests',
  'rules',
  'sessions',
  'game_transactions_pkey',
  'game_requests_pkey',
]);

/** The account rules version (migration 0029): 0 until the first change counted. */
const RULES_VERSION = sql`coalesce((select v.version from account_rules_version v where v.id = true), 0)`;

export interface ReadBatchInput {
  sessions: readonly { walletProvider: string; token: string }[];
  requests: readonly { walletProvider: string; uuid: string }[];
  transactions: readonly { walletProvider: string; uuid: string }[];
}

/**
 * The batch's read as one prepared statement, run on its generic plan made by key (db/database.ts PLAN_BY_KEY):
 * its members' sessions, accounts and balances, their uplines' switches (each upline account once, however many
 * of the batch's members share it: a batch's members are mostly of a few agents), its stored replies and its
 * dedupe records. JSON carries bigints
 * and times as text (a JSON number would lose a large bigint's digits). Exported for the plan test.
 */
export function readBatchStatement(input: ReadBatchInput) {
  const { sessions, requests, transactions } = input;
  return sql<{
    members: JsonMember[] | null;
    uplines: JsonUpline[] | null;
    requests: StoredRequest[] | null;
    transactions: JsonTransaction[] | null;
    rules_version: string;
  }>`${sql.raw(PREPARED)}
    with m as (
      select ${SESSION_ACCOUNT_COLUMNS}, a.path
      from unnest(${sessions.map((q) => q.walletProvider)}::text[], ${sessions.map((q) => q.token)}::text[])
        as q(provider, token)
      join game_sessions s on s.token = q.token and s.wallet_provider = q.provider
      ${SESSION_MEMBER_JOINS}
    )
    select
      (select json_agg(json_build_object('session_provider', m.session_provider,
          'session_token', m.session_token, 'session_game_pk', m.session_game_pk,
          'session_currency', m.session_currency, 'session_expires_at', m.session_expires_at,
          'account_pk', m.account_pk, 'account_id', m.account_id, 'state', m.state, 'features', m.features,
          'member_type', m.member_type, 'given_credit', m.given_credit::text, 'currency', m.currency,
          'available_account', m.available_account, 'available', m.available::text,
          'outstanding', m.outstanding::text, 'path', m.path))
        from m) as members,
      (select json_agg(json_build_object('id', u.id::text, 'state', u.state, 'features', u.features))
        from accounts u
        where u.id = any(array(select distinct p.id from m
          cross join lateral unnest(string_to_array(trim(both '/' from m.path), '/')::bigint[]) as p(id)
          where p.id::text <> m.account_pk))) as uplines,
      (select json_agg(json_build_object('wallet_provider', r.wallet_provider, 'request_uuid', r.request_uuid,
          'status', r.status, 'token', r.token))
        from game_requests r
        join unnest(${requests.map((q) => q.walletProvider)}::text[], ${requests.map((q) => q.uuid)}::text[])
          as q(provider, uuid) on r.wallet_provider = q.provider and r.request_uuid = q.uuid) as requests,
      (select json_agg(json_build_object('wallet_provider', t.wallet_provider,
          'transaction_uuid', t.transaction_uuid, 'kind', t.kind, 'account_pk', t.account_pk::text,
          'game_pk', t.game_pk::text, 'round_pk', t.round_pk::text, 'round', t.round,
          'reference_uuid', t.reference_uuid, 'amount', t.amount::text, 'state', t.state, 'status', t.status,
          'created_at', t.created_at))
        from game_transactions t
        join unnest(${transactions.map((q) => q.walletProvider)}::text[],
          ${transactions.map((q) => q.uuid)}::text[]) as q(provider, uuid)
          on t.wallet_provider = q.provider and t.transaction_uuid = q.uuid) as transactions,
      ${RULES_VERSION} as rules_version`;
}

export interface WriteBatchInput {
  /** Round changes by the batch; a shrinking stake (a rollback) only ever changes a round its bet opened. */
  rounds: readonly (RoundKey & RoundChange)[];
  /** New dedupe records, each naming its round by key (null: a tombstone, a rollback of an unknown bet). */
  transactions: readonly (NewTransaction & { roundKey: RoundKeyParts | null })[];
  /** Each only from the state the batch read (`from`): a record another writer moved on fails the batch. */
  states: readonly { walletProvider: string; transactionUuid: string; from: string; state: string }[];
  /** Every one new: a request answered before is replayed from the read, never decided again. */
  requests: readonly { walletProvider: string; requestUuid: string; status: string }[];
  /** The ledger's movements of the batch, its own SQL (ledger/fragments.ts). */
  money: MemberMovesFragment;
  /** The account rules version the batch's members were read at (migration 0029): unchanged, or nothing stands. */
  rulesVersion: string;
  /** The sessions the batch staked on, each still open at `now` (a newer launch may have ended one). */
  betSessions: readonly { walletProvider: string; token: string }[];
  now: Date;
  /** The batch's members (account and currency), whose outstanding balances the write answers. */
  members: readonly { accountPk: string; currency: string }[];
}

/**
 * A round's key (provider, round, member) as one text, the same for the same round and for no other: the
 * provider's length first, so neither text can run into the next. In parentheses: `->>` binds as tightly as `||`.
 * A bet's record finds its round's id by this key in the batch's rounds (`rk`, a JSON object: a lookup by key).
 * Joined to the rounds' RETURNING instead, it was a nested loop over two CTEs (a wallet connection plans no hash
 * join), quadratic in the batch: about a fifth of a sixty-call batch's time (auto_explain, 2026-11-30).
 */
const ROUND_KEY = (alias: string, round = 'round', provider = 'wallet_provider') =>
  sql.raw(
    `(length(${alias}.${provider}) || ':' || ${alias}.${provider} || ${alias}.account_pk || ':' || ${alias}.${round})`,
  );

/**
 * A batch's writes as one prepared statement (see writeBatch), ending in the guards: every record new, every
 * state moved from what was read, every movement new, every rolled-back round there. Exported for the plan test.
 */
export function writeBatchStatement(batch: WriteBatchInput) {
  const { transactions: txs, states, requests, money, betSessions, members } = batch;
  // A round whose stake shrinks (a rollback) exists already (its bet opened it) and is updated, not upserted:
  // as an insert's proposed row its negative stake would break the table's check before the conflict.
  const growing = batch.rounds.filter((change) => change.stake >= 0n);
  const shrinking = batch.rounds.filter((change) => change.stake < 0n);
  return sql<{
    balances: { id: string; balance: string }[];
    outstanding: { id: string; balance: string }[];
  }>`${sql.raw(PREPARED)}
    with ${money.ctes},
    r as (
      insert into game_rounds (wallet_provider, round, account_pk, game_pk, currency, stake, win, bets, status,
        closed_at)
      select v.provider, v.round, v.account_pk, v.game_pk, v.currency, v.stake, v.win, v.bets,
        case when v.closed then 'closed' else 'open' end, case when v.closed then now() end
      from unnest(${growing.map((c) => c.walletProvider)}::text[], ${growing.map((c) => c.round)}::text[],
        ${growing.map((c) => c.accountPk)}::bigint[], ${growing.map((c) => c.gamePk)}::bigint[],
        ${growing.map((c) => c.currency)}::text[], ${growing.map((c) => c.stake.toString())}::bigint[],
        ${growing.map((c) => c.win.toString())}::bigint[], ${growing.map((c) => String(c.bets))}::integer[],
        ${growing.map((c) => String(c.closed))}::boolean[])
        as v(provider, round, account_pk, game_pk, currency, stake, win, bets, closed)
      on conflict (wallet_provider, round, account_pk) do update set
        stake = game_rounds.stake + excluded.stake, win = game_rounds.win + excluded.win,
        bets = game_rounds.bets + excluded.bets,
        status = case when excluded.status = 'closed' then 'closed' else game_rounds.status end,
        closed_at = case when excluded.status = 'closed' then coalesce(game_rounds.closed_at, now())
          else game_rounds.closed_at end
      returning id, wallet_provider, round, account_pk
    ),
    rd as (
      update game_rounds g set stake = g.stake + v.stake, win = g.win + v.win, bets = g.bets + v.bets,
        status = case when v.closed then 'closed' else g.status end,
        closed_at = case when v.closed then coalesce(g.closed_at, now()) else g.closed_at end
      from unnest(${shrinking.map((c) => c.walletProvider)}::text[], ${shrinking.map((c) => c.round)}::text[],
        ${shrinking.map((c) => c.accountPk)}::bigint[], ${shrinking.map((c) => c.stake.toString())}::bigint[],
        ${shrinking.map((c) => c.win.toString())}::bigint[], ${shrinking.map((c) => String(c.bets))}::integer[],
        ${shrinking.map((c) => String(c.closed))}::boolean[])
        as v(provider, round, account_pk, stake, win, bets, closed)
      where g.wallet_provider = v.provider and g.round = v.round and g.account_pk = v.account_pk
      returning g.id, g.wallet_provider, g.round, g.account_pk
    ),
    rk as (
      select coalesce(jsonb_object_agg(${ROUND_KEY('k')}, k.id), '{}') as ids
      from (select id, wallet_provider, round, account_pk from r
        union all select id, wallet_provider, round, account_pk from rd) k
    ),
    t as (
      insert into game_transactions (wallet_provider, transaction_uuid, kind, account_pk, game_pk, round_pk,
        round, reference_uuid, amount, state, status)
      select v.provider, v.uuid, v.kind, v.account_pk, v.game_pk,
        (rk.ids ->> ${ROUND_KEY('v', 'round_of', 'provider')})::bigint, v.round,
        v.reference_uuid, v.amount, v.state, v.status
      from unnest(${txs.map((t) => t.walletProvider)}::text[], ${txs.map((t) => t.transactionUuid)}::text[],
        ${txs.map((t) => t.kind)}::text[], ${txs.map((t) => t.accountPk)}::bigint[],
        ${txs.map((t) => t.gamePk)}::bigint[], ${txs.map((t) => t.round)}::text[],
        ${txs.map((t) => t.referenceUuid)}::text[], ${txs.map((t) => t.amount.toString())}::bigint[],
        ${txs.map((t) => t.state)}::text[], ${txs.map((t) => t.status)}::text[],
        ${txs.map((t) => t.roundKey?.round ?? null)}::text[])
        as v(provider, uuid, kind, account_pk, game_pk, round, reference_uuid, amount, state, status, round_of)
      cross join rk
      returning 1
    ),
    s as (
      update game_transactions g set state = v.state
      from unnest(${states.map((r) => r.walletProvider)}::text[], ${states.map((r) => r.transactionUuid)}::text[],
        ${states.map((r) => r.from)}::text[], ${states.map((r) => r.state)}::text[])
        as v(provider, uuid, from_state, state)
      where g.wallet_provider = v.provider and g.transaction_uuid = v.uuid and g.state = v.from_state
      returning 1
    ),
    q as (
      insert into game_requests (wallet_provider, request_uuid, status)
      select * from unnest(${requests.map((r) => r.walletProvider)}::text[],
        ${requests.map((r) => r.requestUuid)}::text[], ${requests.map((r) => r.status)}::text[])
      returning 1
    )
    select wallet_batch_guard((select count(*) from t) = ${String(txs.length)}::bigint, 'records')
      and wallet_batch_guard((select count(*) from s) = ${String(states.length)}::bigint, 'states')
      and wallet_batch_guard(${money.balancesHeld}, 'balances')
      and wallet_batch_guard((select count(*) from rd) = ${String(shrinking.length)}::bigint, 'rounds')
      and wallet_batch_guard((select count(*) from q) = ${String(requests.length)}::bigint, 'requests')
      and wallet_batch_guard(${RULES_VERSION} = ${batch.rulesVersion}::bigint, 'rules')
      and wallet_batch_guard((select count(*) from game_sessions gs
        join unnest(${betSessions.map((b) => b.walletProvider)}::text[], ${betSessions.map((b) => b.token)}::text[])
          as b(provider, token) on gs.token = b.token and gs.wallet_provider = b.provider
        where gs.expires_at > ${batch.now}) = ${String(betSessions.length)}::bigint, 'sessions')
      as written,
      ${money.balances} as balances,
      (select coalesce(json_agg(json_build_object('id', m.owner::text,
          'balance', (${outstandingOf(sql`m.owner`, sql`m.currency`)})::text)), '[]')
        from unnest(${members.map((m) => m.accountPk)}::bigint[], ${members.map((m) => m.currency)}::text[])
          as m(owner, currency)) as outstanding`;
}

/**
 * The stale-round closer's statement (see closeStaleRounds): the rounds among those the report has not counted
 * yet (an open round never is: 0032's queue, the open rounds and a batch or two of closed ones in service), their
 * bets by the index of bets by round. Exported for the plan test.
 *
 * Each queued round is looked up by its key (a lateral subquery `offset 0` keeps from being flattened, as the
 * report job's find: rounds-repository.ts finishedRoundsStatement), whatever the statistics say; as a join, on a
 * table grown since it was last analyzed, the planner read every round to find the open ones. The oldest up to
 * the limit are then locked by key (skipping those a wallet write holds) and checked again once locked.
 */
export function closeStaleRoundsStatement(before: Date, limit: number) {
  return sql<{ id: string }>`
    with candidates as (
      select r.id from uncounted_game_rounds q cross join lateral (select r.id, r.opened_at from game_rounds r
        where r.id = q.id and r.status = 'open' and r.opened_at < ${before} offset 0) r
      order by r.opened_at limit ${limit}
    ), stale as (
      select r.id from game_rounds r
      where r.id = any(array(select id from candidates)) and r.status = 'open' and r.opened_at < ${before}
      for update of r skip locked
    ), closed as (
      update game_rounds r set status = 'closed', closed_at = now() from stale where r.id = stale.id returning r.id
    ), bets as (
      update game_transactions t set state = 'done' from closed
      where t.round_pk = closed.id and t.kind = 'bet' and t.state = 'open' returning 1
    )
    select id::text from closed`;
}
