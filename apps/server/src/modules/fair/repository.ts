import { sql } from 'kysely';
import type { Executor } from '../../db/types';

/** The only SQL of the fair source: seeds, their commitments and nonces. */
export const fairRepository = {
  async active(ex: Executor, scope: string) {
    return ex
      .selectFrom('fair_seeds')
      .selectAll()
      .where('scope', '=', scope)
      .where('revealed_at', 'is', null)
      .executeTakeFirst();
  },

  /** The unrevealed seeds whose scope starts with the prefix (a daily scope's days), oldest day first. */
  async activeOfDays(ex: Executor, prefix: string, limit: number) {
    return ex
      .selectFrom('fair_seeds')
      .selectAll()
      .where('scope', 'like', `${prefix}%`)
      .where('revealed_at', 'is', null)
      .orderBy('scope')
      .limit(limit)
      .execute();
  },

  async revealedOfDays(ex: Executor, prefix: string, limit: number) {
    return ex
      .selectFrom('fair_seeds')
      .selectAll()
      .where('scope', 'like', `${prefix}%`)
      .where('revealed_at', 'is not', null)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  },

  async byId(ex: Executor, id: string) {
    return ex.selectFrom('fair_seeds').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** A new seed for a scope; none when another process created one first (the unique active index). */
  async insert(
    ex: Executor,
    row: { scope: string; serverSeed: string; seedHash: string; clientSeed: string; at: Date },
  ) {
    return ex
      .insertInto('fair_seeds')
      .values({
        scope: row.scope,
        server_seed: row.serverSeed,
        seed_hash: row.seedHash,
        client_seed: row.clientSeed,
        created_at: row.at,
      })
      .onConflict((oc) => oc.column('scope').where('revealed_at', 'is', null).doNothing())
      .returningAll()
      .executeTakeFirst();
  },

  /** Takes the seed's next nonce atomically (the row lock orders concurrent rounds). */
  async takeNonce(ex: Executor, id: string): Promise<number | null> {
    const row = await ex
      .updateTable('fair_seeds')
      .set({ next_nonce: sql`next_nonce + 1` })
      .where('id', '=', id)
      .where('revealed_at', 'is', null)
      .returning('next_nonce')
      .executeTakeFirst();
    return row ? row.next_nonce - 1 : null;
  },

  async reveal(ex: Executor, id: string, at: Date): Promise<boolean> {
    const result = await ex
      .updateTable('fair_seeds')
      .set({ revealed_at: at })
      .where('id', '=', id)
      .where('revealed_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  },

  async revealed(ex: Executor, scope: string, limit: number) {
    return ex
      .selectFrom('fair_seeds')
      .selectAll()
      .where('scope', '=', scope)
      .where('revealed_at', 'is not', null)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  },
};
