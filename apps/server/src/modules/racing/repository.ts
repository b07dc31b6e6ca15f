import type { Executor } from '../../db/types';

/** The only SQL of virtual racing: the races' fields, fair rounds and finishing orders. */
export const racingRepository = {
  /** Makes a race; one already made for that field and off time is left as it is (undefined back). */
  async insert(
    ex: Executor,
    row: {
      kind: 'greyhound' | 'horse';
      offAt: Date;
      matchKey: string;
      ratings: number[];
      runners: string[];
      seedId: string;
      nonce: number;
    },
  ) {
    return ex
      .insertInto('races')
      .values({
        kind: row.kind,
        off_at: row.offAt,
        match_key: row.matchKey,
        ratings: JSON.stringify(row.ratings),
        runners: JSON.stringify(row.runners),
        rating_seed_id: row.seedId,
        rating_nonce: row.nonce,
        status: 'open',
      })
      .onConflict((oc) => oc.columns(['kind', 'off_at']).doNothing())
      .returningAll()
      .executeTakeFirst();
  },

  async exists(ex: Executor, kind: 'greyhound' | 'horse', offAt: Date): Promise<boolean> {
    const row = await ex
      .selectFrom('races')
      .select('id')
      .where('kind', '=', kind)
      .where('off_at', '=', offAt)
      .executeTakeFirst();
    return row !== undefined;
  },

  async byId(ex: Executor, id: string) {
    return ex.selectFrom('races').selectAll().where('id', '=', id).executeTakeFirst();
  },

  async lock(ex: Executor, id: string) {
    return ex.selectFrom('races').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  },

  /** Races made but not yet in the catalogue (a crash between the two), oldest first. */
  async unlisted(ex: Executor, limit: number) {
    return ex
      .selectFrom('races')
      .selectAll()
      .where('listed', '=', false)
      .where('status', '=', 'open')
      .orderBy('off_at')
      .limit(limit)
      .execute();
  },

  async markListed(ex: Executor, id: string) {
    await ex.updateTable('races').set({ listed: true }).where('id', '=', id).execute();
  },

  /** Races at or past their off whose result the catalogue does not have yet, oldest first. */
  async due(ex: Executor, now: Date, limit: number) {
    return ex
      .selectFrom('races')
      .select('id')
      .where('status', '<>', 'resulted')
      .where('off_at', '<=', now)
      .orderBy('off_at')
      .orderBy('id')
      .limit(limit)
      .execute();
  },

  async storeFinish(
    ex: Executor,
    id: string,
    draw: { seedId: string; nonce: number; finish: number[]; at: Date },
  ) {
    await ex
      .updateTable('races')
      .set({
        status: 'drawn',
        seed_id: draw.seedId,
        nonce: draw.nonce,
        finish: JSON.stringify(draw.finish),
        drawn_at: draw.at,
      })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .execute();
  },

  async markResulted(ex: Executor, id: string) {
    await ex.updateTable('races').set({ status: 'resulted' }).where('id', '=', id).execute();
  },

  /** The next races still open, soonest first. */
  async upcoming(ex: Executor, now: Date, limit: number) {
    return ex
      .selectFrom('races')
      .selectAll()
      .where('status', '=', 'open')
      .where('off_at', '>', now)
      .orderBy('off_at')
      .orderBy('kind')
      .limit(limit)
      .execute();
  },

  /** The latest races run, newest first. */
  async finished(ex: Executor, limit: number) {
    return ex
      .selectFrom('races')
      .selectAll()
      .where('status', '<>', 'open')
      .orderBy('off_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  },
};
