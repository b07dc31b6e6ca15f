import type { Executor } from '../../db/types';

/**
 * The settlement outbox: the catalogue calls this in the same transaction that stores a result or cancels a
 * match, so a result can never be committed without its settlement being due.
 */
export async function enqueueSettlement(ex: Executor, matchId: string, reason: string): Promise<void> {
  await ex.insertInto('settlement_queue').values({ match_id: matchId, reason }).execute();
}
