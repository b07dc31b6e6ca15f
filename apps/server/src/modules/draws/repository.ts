import type { Executor } from '../../db/types';

export type DrawGame = 'keno' | 'numbers';

/** The only SQL of the draws: their schedule rows, the balls and where each draw's randomness came from. */
export const drawsRepository = {
  /** The draw times of a game already scheduled at or after `from`. */
  async scheduledSince(ex: Executor, game: DrawGame, from: Date): Promise<number[]> {
    const rows = await ex
      .selectFrom('draws')
      .select('draw_at')
      .where('game', '=', game)
      .where('draw_at', '>=', from)
      .execute();
    return rows.map((row) => row.draw_at.getTime());
  },

  /** A scheduled draw; nothing when another process scheduled it first (unique game and time). */
  async insert(ex: Executor, row: { game: DrawGame; drawAt: Date; matchId: string }): Promise<boolean> {
    const inserted = await ex
      .insertInto('draws')
      .values({ game: row.game, draw_at: row.drawAt, match_id: row.matchId, status: 'open' })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted !== undefined;
  },

  /** Draws due and not yet resulted, oldest first. */
  async due(ex: Executor, now: Date, limit: number) {
    return ex
      .selectFrom('draws')
      .selectAll()
      .where('status', '<>', 'resulted')
      .where('draw_at', '<=', now)
      .orderBy('draw_at')
      .orderBy('id')
      .limit(limit)
      .execute();
  },

  /** The draw locked for its drawing, unless another process holds it or drew it already. */
  async lockOpen(ex: Executor, id: string) {
    return ex
      .selectFrom('draws')
      .selectAll()
      .where('id', '=', id)
      .where('status', '=', 'open')
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
  },

  async markDrawn(
    ex: Executor,
    id: string,
    row: { seedId: string; nonce: number; balls: number[]; at: Date },
  ): Promise<void> {
    await ex
      .updateTable('draws')
      .set({
        status: 'drawn',
        seed_id: row.seedId,
        nonce: row.nonce,
        balls: JSON.stringify(row.balls),
        drawn_at: row.at,
      })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .execute();
  },

  async markResulted(ex: Executor, id: string): Promise<void> {
    await ex.updateTable('draws').set({ status: 'resulted' }).where('id', '=', id).execute();
  },

  async byId(ex: Executor, id: string) {
    return ex.selectFrom('draws').selectAll().where('id', '=', id).executeTakeFirst();
  },

  async byMatch(ex: Executor, matchId: string) {
    return ex.selectFrom('draws').selectAll().where('match_id', '=', matchId).executeTakeFirst();
  },

  /** The drawn draws of these matches (the results page's balls). */
  async ofMatches(ex: Executor, matchIds: string[]) {
    if (matchIds.length === 0) return [];
    return ex
      .selectFrom('draws')
      .select(['id', 'match_id', 'game', 'balls', 'seed_id', 'nonce'])
      .where('match_id', 'in', matchIds)
      .where('balls', 'is not', null)
      .execute();
  },
};
