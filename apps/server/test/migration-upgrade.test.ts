import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../src/db/migrate';
import { memberPk, seeded } from './support/fixtures';
import { booksOk } from './support/games';
import { describeEachDatabase, type TestEnv } from './support/harness';

/** The entries table's columns and indexes, as the database lists them. */
async function entriesShape(env: TestEnv): Promise<{ columns: string[]; indexes: string[] }> {
  const db = env.ctx.db;
  const columns = await sql<{ name: string }>`select column_name as name from information_schema.columns
    where table_schema = current_schema() and table_name = 'entries' order by column_name`.execute(db);
  const indexes = await sql<{ name: string; definition: string }>`select indexname as name,
      indexdef as definition
    from pg_indexes where schemaname = current_schema() and tablename = 'entries' order by indexname`.execute(
    db,
  );
  return {
    columns: columns.rows.map((row) => row.name),
    indexes: indexes.rows.map((row) => `${row.name} ${/\((.*)\)/.exec(row.definition)?.[1] ?? ''}`),
  };
}

/** Every entry's transfer, account and amount, in one order. */
async function allEntries(env: TestEnv): Promise<string[]> {
  const rows = await sql<{
    entry: string;
  }>`select transfer_pk || ':' || ledger_account_id || ':' || amount as entry
    from entries order by transfer_pk, ledger_account_id`.execute(env.ctx.db);
  return rows.rows.map((row) => row.entry);
}

// A migration meets a database an older release left, with its rows: each is run here over such rows, forward
// and back, not only over the empty schema every other suite starts from.
describeEachDatabase('migrations over a database an older release left', (env) => {
  it('0033 keys the entries written before it by transfer and account; its down gives each an id again', async () => {
    await seeded(env());
    // The app's jobs stop (they would write entries between the readings); the database stays open.
    await env().app.close();
    const { db, schema } = { db: env().ctx.db, schema: env().database.schema };
    // Kysely names the migrations it reverted.
    expect(await migrateTo(db, '0032_uncounted_rounds_queue', schema)).toEqual([
      '0033_entries_keyed_by_transfer',
    ]);
    expect((await entriesShape(env())).columns).toContain('id');

    // Entries as the release before 0033 wrote them: the seed's deposits, a stake and its settlement.
    const pk = await memberPk(env(), 'demomyr');
    await db.transaction().execute(async (trx) => {
      await env().ctx.ledger.reserve(trx, {
        transferId: 'old-bet',
        ownerPk: pk,
        currency: 'MYR',
        amount: 900n,
      });
      await env().ctx.ledger.post(trx, { transferId: 'old-win', reservationId: 'old-bet', payout: 1_700n });
    });
    const before = await allEntries(env());
    expect(before.length).toBeGreaterThan(4);

    expect(await migrateToLatest(db, schema)).toEqual(['0033_entries_keyed_by_transfer']);
    expect(await entriesShape(env())).toEqual({
      columns: ['amount', 'ledger_account_id', 'transfer_pk'],
      indexes: ['entries_account ledger_account_id', 'entries_pkey transfer_pk, ledger_account_id'],
    });
    expect(await allEntries(env())).toEqual(before);
    await booksOk(env());

    // Back: every entry has an id of its own again, and the index by transfer is back.
    await migrateTo(db, '0032_uncounted_rounds_queue', schema);
    const ids = await sql<{ entries: number; ids: number }>`select count(*)::int as entries,
      count(distinct id)::int as ids from entries`.execute(db);
    expect(ids.rows[0]).toEqual({ entries: before.length, ids: before.length });
    expect((await entriesShape(env())).indexes).toContain('entries_transfer transfer_pk');
    expect(await allEntries(env())).toEqual(before);

    // And forward again, as the suite's other files expect the schema.
    await migrateToLatest(db, schema);
    expect(await allEntries(env())).toEqual(before);
    await booksOk(env());
  });
});
