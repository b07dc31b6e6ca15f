import { sql } from 'kysely';
import type { AccountRow, BetLimitRow, NewAccount } from '../../db/schema';
import type { Executor } from '../../db/types';
import { hashSessionToken } from '../../lib/security';

/** An upline account's state, as a member's session checks it. */
export interface UplineState {
  id: string;
  account_id: string;
  state: string;
  level: string;
  operator_type: number | null;
}

/** Accounts (upline and members), sessions, bet limits: the only SQL of the account capability. */
export const accountRepository = {
  async findByLogin(ex: Executor, login: string): Promise<AccountRow | undefined> {
    // A nickname is a second login id: both share one case-insensitive namespace.
    return ex
      .selectFrom('accounts')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb(sql`lower(account_id)`, '=', login.toLowerCase()),
          eb(sql`lower(nickname)`, '=', login.toLowerCase()),
        ]),
      )
      .executeTakeFirst();
  },

  async findByAccountId(ex: Executor, accountId: string): Promise<AccountRow | undefined> {
    return ex
      .selectFrom('accounts')
      .selectAll()
      .where(sql`lower(account_id)`, '=', accountId.toLowerCase())
      .executeTakeFirst();
  },

  async findByPk(ex: Executor, pk: string): Promise<AccountRow | undefined> {
    return ex.selectFrom('accounts').selectAll().where('id', '=', pk).executeTakeFirst();
  },

  async loginIdTaken(ex: Executor, login: string): Promise<boolean> {
    const row = await ex
      .selectFrom('accounts')
      .select('id')
      .where((eb) =>
        eb.or([
          eb(sql`lower(account_id)`, '=', login.toLowerCase()),
          eb(sql`lower(nickname)`, '=', login.toLowerCase()),
        ]),
      )
      .executeTakeFirst();
    return row !== undefined;
  },

  /** States of the account's ancestors (its upline chain), from the materialised path. */
  async ancestorStates(ex: Executor, path: string, selfPk: string): Promise<UplineState[]> {
    const ids = path.split('/').filter((id) => id !== '' && id !== selfPk);
    if (ids.length === 0) return [];
    const rows = await ex
      .selectFrom('accounts')
      .select(['id', 'account_id', 'state', 'level', 'operator_type'])
      .where('id', 'in', ids)
      .execute();
    return rows.map((row) => ({ ...row, id: String(row.id) }));
  },

  async insert(ex: Executor, row: Omit<NewAccount, 'path'>, parentPath: string | null): Promise<AccountRow> {
    const inserted = await ex
      .insertInto('accounts')
      .values({ ...row, path: '/' })
      .returningAll()
      .executeTakeFirstOrThrow();
    const path = `${parentPath ?? '/'}${inserted.id}/`;
    await ex.updateTable('accounts').set({ path }).where('id', '=', inserted.id).execute();
    return { ...inserted, path };
  },

  async update(
    ex: Executor,
    pk: string,
    changes: Partial<
      Pick<
        AccountRow,
        'state' | 'commission_rate' | 'password_hash' | 'nickname' | 'given_credit' | 'last_login_at'
      >
    > & {
      features?: string;
      settings?: string;
      password_changed_at?: Date;
    },
    bumpProfile: boolean,
  ): Promise<void> {
    await ex
      .updateTable('accounts')
      .set({ ...changes, ...(bumpProfile ? { profile_version: sql`profile_version + 1` } : {}) })
      .where('id', '=', pk)
      .execute();
  },

  async lockForUpdate(ex: Executor, pk: string): Promise<AccountRow | undefined> {
    return ex.selectFrom('accounts').selectAll().where('id', '=', pk).forNoKeyUpdate().executeTakeFirst();
  },

  async betLimits(ex: Executor, pk: string): Promise<BetLimitRow[]> {
    return ex.selectFrom('bet_limits').selectAll().where('account_pk', '=', pk).orderBy('limit_id').execute();
  },

  /** betLimits of many accounts in one read (a grouped load), by account pk. */
  async betLimitsOf(ex: Executor, pks: string[]): Promise<Map<string, BetLimitRow[]>> {
    const rows = await ex
      .selectFrom('bet_limits')
      .selectAll()
      .where('account_pk', 'in', pks)
      .orderBy('account_pk')
      .orderBy('limit_id')
      .execute();
    const byAccount = new Map<string, BetLimitRow[]>(pks.map((pk) => [pk, []]));
    for (const row of rows) byAccount.get(String(row.account_pk))?.push(row);
    return byAccount;
  },

  async upsertBetLimits(
    ex: Executor,
    pk: string,
    limits: { limitId: string; min: bigint; max: bigint; maxPayout: bigint; maxPerMatch?: bigint | null }[],
  ): Promise<void> {
    if (limits.length === 0) return;
    await ex
      .insertInto('bet_limits')
      .values(
        limits.map((limit) => ({
          account_pk: pk,
          limit_id: limit.limitId,
          min_bet: limit.min,
          max_bet: limit.max,
          max_payout: limit.maxPayout,
          max_per_match: limit.maxPerMatch ?? null,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['account_pk', 'limit_id']).doUpdateSet((eb) => ({
          min_bet: eb.ref('excluded.min_bet'),
          max_bet: eb.ref('excluded.max_bet'),
          max_payout: eb.ref('excluded.max_payout'),
          // Not given: the per-match cap in force stays.
          max_per_match: sql<bigint | null>`coalesce(excluded.max_per_match, bet_limits.max_per_match)`,
        })),
      )
      .execute();
  },

  /** Members in a subtree (path prefix), with their balances, one page. */
  async listMembers(ex: Executor, pathPrefix: string, page: number, pageSize: number) {
    const rows = await ex
      .selectFrom('accounts as a')
      .leftJoin('ledger_accounts as av', (join) =>
        join
          .onRef('av.owner_pk', '=', 'a.id')
          .on('av.kind', '=', 'available')
          .onRef('av.currency', '=', 'a.currency'),
      )
      .leftJoin('ledger_accounts as os', (join) =>
        join
          .onRef('os.owner_pk', '=', 'a.id')
          .on('os.kind', '=', 'outstanding')
          .onRef('os.currency', '=', 'a.currency'),
      )
      .leftJoin('accounts as p', 'p.id', 'a.parent_id')
      .select([
        'a.account_id',
        'a.level',
        'p.account_id as parent_account_id',
        'a.state',
        'a.currency',
        'a.member_type',
        'a.given_credit',
        'a.commission_rate',
        'a.downline_prefix',
        'av.balance as available',
        'os.balance as outstanding',
      ])
      .where('a.path', 'like', `${pathPrefix}%`)
      .where('a.level', '=', 'member')
      .orderBy('a.account_id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    const total = await ex
      .selectFrom('accounts')
      .select((eb) => eb.fn.countAll<bigint>().as('n'))
      .where('path', 'like', `${pathPrefix}%`)
      .where('level', '=', 'member')
      .executeTakeFirstOrThrow();
    return { rows, total: Number(total.n) };
  },

  // ---- sessions ----
  async insertSession(
    ex: Executor,
    row: {
      token: string;
      accountPk: string;
      kind: 'member' | 'backoffice';
      expiresAt: Date;
      profileVersionSeen: number;
      /** A back-office staff sub-account signing in for the account above. */
      staffPk?: string | null;
      /** A back-office sign-in still without its second factor. */
      enrolmentOnly?: boolean;
    },
  ): Promise<void> {
    await ex
      .insertInto('sessions')
      .values({
        token_hash: hashSessionToken(row.token),
        account_pk: row.accountPk,
        kind: row.kind,
        expires_at: row.expiresAt,
        profile_version_seen: row.profileVersionSeen,
        staff_pk: row.staffPk ?? null,
        enrolment_only: row.enrolmentOnly ?? false,
      })
      .execute();
  },

  /** A back-office session whose second factor is now set up: no longer enrolment-only. */
  async completeEnrolment(ex: Executor, token: string): Promise<void> {
    await ex
      .updateTable('sessions')
      .set({ enrolment_only: false })
      .where('token_hash', '=', hashSessionToken(token))
      .execute();
  },

  /** Ends every session of a staff sub-account (closed, its rights or password changed). */
  async revokeStaffSessions(ex: Executor, staffPk: string): Promise<void> {
    await ex.updateTable('sessions').set({ revoked: true }).where('staff_pk', '=', staffPk).execute();
  },

  /**
   * The session, its account and the account's upline chain (as ancestorStates answers it) in one read: this
   * runs on every member call.
   */
  async findSession(ex: Executor, token: string) {
    return (await this.findSessions(ex, [token])).get(token);
  },

  /** findSession for many tokens in one read (a grouped load), by token (the table holds their hashes). */
  async findSessions(ex: Executor, tokens: string[]) {
    const tokenOf = new Map(tokens.map((token) => [hashSessionToken(token), token]));
    const rows = await ex
      .selectFrom('sessions as s')
      .innerJoin('accounts as a', 'a.id', 's.account_pk')
      .selectAll('a')
      .select([
        's.token_hash',
        's.kind',
        's.expires_at',
        's.revoked',
        's.profile_version_seen',
        's.staff_pk',
        's.enrolment_only',
      ])
      .select(
        sql<UplineState[]>`(select coalesce(json_agg(json_build_object('id', u.id::text,
          'account_id', u.account_id, 'state', u.state, 'level', u.level, 'operator_type', u.operator_type)), '[]')
          from accounts u
          where u.id = any(string_to_array(trim(both '/' from a.path), '/')::bigint[]) and u.id <> a.id)`.as(
          'upline',
        ),
      )
      .where('s.token_hash', 'in', [...tokenOf.keys()])
      .execute();
    return new Map(
      rows.map((row) => {
        const {
          token_hash: tokenHash,
          kind,
          expires_at,
          revoked,
          profile_version_seen,
          staff_pk,
          enrolment_only,
          upline,
          ...account
        } = row;
        const sessionToken = tokenOf.get(tokenHash) ?? '';
        return [
          sessionToken,
          {
            token: sessionToken,
            kind,
            expires_at,
            revoked,
            profile_version_seen,
            staff_pk,
            enrolment_only,
            upline,
            account: account as AccountRow,
          },
        ];
      }),
    );
  },

  async touchSession(
    ex: Executor,
    token: string,
    changes: { expiresAt?: Date; profileVersionSeen?: number },
  ) {
    await ex
      .updateTable('sessions')
      .set({
        ...(changes.expiresAt ? { expires_at: changes.expiresAt } : {}),
        ...(changes.profileVersionSeen !== undefined
          ? { profile_version_seen: changes.profileVersionSeen }
          : {}),
      })
      .where('token_hash', '=', hashSessionToken(token))
      .execute();
  },

  /** Ends one session (logout). */
  async revokeSession(ex: Executor, token: string): Promise<void> {
    await ex
      .updateTable('sessions')
      .set({ revoked: true })
      .where('token_hash', '=', hashSessionToken(token))
      .execute();
  },

  async revokeSessions(ex: Executor, accountPk: string, exceptToken?: string): Promise<void> {
    let query = ex.updateTable('sessions').set({ revoked: true }).where('account_pk', '=', accountPk);
    if (exceptToken) query = query.where('token_hash', '<>', hashSessionToken(exceptToken));
    await query.execute();
  },

  async markLaunchNonceUsed(ex: Executor, nonce: string): Promise<boolean> {
    const row = await ex
      .insertInto('used_launch_tokens')
      .values({ nonce })
      .onConflict((oc) => oc.column('nonce').doNothing())
      .returning('nonce')
      .executeTakeFirst();
    return row !== undefined;
  },

  // ---- brands and system settings ----
  async brandById(ex: Executor, id: number) {
    return ex.selectFrom('brands').selectAll().where('id', '=', id).executeTakeFirst();
  },

  async ensureBrand(ex: Executor, code: string, name: string): Promise<number> {
    await ex
      .insertInto('brands')
      .values({ code, name })
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
    const row = await ex.selectFrom('brands').select('id').where('code', '=', code).executeTakeFirstOrThrow();
    return row.id;
  },

  async getOrCreateSetting(ex: Executor, key: string, create: () => string): Promise<string> {
    await ex
      .insertInto('system_settings')
      .values({ key, value: create() })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    const row = await ex
      .selectFrom('system_settings')
      .select('value')
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    return row.value;
  },

  async countAccounts(ex: Executor): Promise<number> {
    const row = await ex
      .selectFrom('accounts')
      .select((eb) => eb.fn.countAll<bigint>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },
};
