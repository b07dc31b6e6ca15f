import type { Executor } from '../../db/types';

/** The upline capability's own SQL: position-taking shares along a chain. */
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
};
