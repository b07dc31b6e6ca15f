import { sql } from 'kysely';
import type { Executor } from '../../db/types';

/** The upline capability's own SQL: position-taking shares and bet limits along a chain. */
export const uplineRepository = {
  /** The pt_share of an account's ancestors and of every upline level below it (members excluded). */
  async shareChain(ex: Executor, account: { id: string; path: string }) {
    const ancestorIds = account.path.split('/').filter((id) => id !== '' && id !== String(account.id));
    const ancestors =
      ancestorIds.length === 0
        ? []
        : await ex
            .selectFrom('accounts')
            .select(['id', 'level', 'pt_share'])
            .where('id', 'in', ancestorIds)
            .execute();
    const below = await ex
      .selectFrom('accounts')
      .select(['id', 'path', 'pt_share'])
      .where('path', 'like', `${account.path}%`)
      .where('level', '<>', 'member')
      .where('id', '<>', String(account.id))
      .execute();
    return { ancestors, below };
  },

  /** The highest commission rate among an account's direct downline (null when none has one). */
  async highestChildRate(ex: Executor, parentPk: string): Promise<string | null> {
    const rows = await ex
      .selectFrom('accounts')
      .select('commission_rate')
      .where('parent_id', '=', parentPk)
      .where('commission_rate', 'is not', null)
      .execute();
    let highest: string | null = null;
    for (const row of rows) {
      if (row.commission_rate !== null && (highest === null || Number(row.commission_rate) > Number(highest)))
        highest = row.commission_rate;
    }
    return highest;
  },

  async setShare(ex: Executor, accountPk: string, share: string): Promise<void> {
    await ex.updateTable('accounts').set({ pt_share: share }).where('id', '=', accountPk).execute();
  },

  /**
   * Every account strictly below `path` (upline levels and members) with what a limit walk needs, at most
   * `limit` rows, shallowest first (a parent before its children).
   */
  async accountsBelow(ex: Executor, path: string, selfPk: string, limit: number) {
    const rows = await ex
      .selectFrom('accounts')
      .select(['id', 'account_id', 'parent_id', 'level', 'currency', 'path'])
      .where('path', 'like', `${path}%`)
      .where('id', '<>', selfPk)
      .orderBy(sql`length(path)`)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ ...row, id: String(row.id), parent_id: String(row.parent_id) }));
  },

  /**
   * Share locks on the given accounts (a chain's ancestors): a change of limits below waits for a change of
   * limits above (which holds its account's row lock) to commit, so it always reads the ceiling in force.
   */
  async lockShared(ex: Executor, pks: readonly string[]): Promise<void> {
    if (pks.length === 0) return;
    await ex
      .selectFrom('accounts')
      .select('id')
      .where('id', 'in', [...pks])
      .orderBy('id')
      .forShare()
      .execute();
  },

  /** Bumps the profile version of many accounts: their cached limits and sessions read afresh at once. */
  async bumpProfiles(ex: Executor, pks: readonly string[]): Promise<void> {
    if (pks.length === 0) return;
    await ex
      .updateTable('accounts')
      .set({ profile_version: sql`profile_version + 1` })
      .where('id', 'in', [...pks])
      .execute();
  },
};
