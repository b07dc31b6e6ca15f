import type { Kysely } from 'kysely';
import {
  checkReferencesPerRow,
  checkReferencesPerStatement,
  type CheckedReferences,
} from './0028_set_wise_references';

/**
 * The report job's rounds name their member as the wallet's rows do (0028): checked once per statement, not by
 * a foreign key. The key checked each of a batch's 500 rows with a query of its own and locked the member's
 * account row for it, a WAL record each: over a backlog of 22,124 rounds counted alone, PostgreSQL's CPU fell
 * from 970-1,030 ms to 880-930 without it. Accounts are never deleted, a reference never changes (a trigger
 * refuses it), and `ledger:verify` finds a dangling one.
 */
const REPORT_ROUNDS: CheckedReferences = { table: 'report_rounds', references: [['member_pk', 'accounts']] };

export async function up(db: Kysely<unknown>): Promise<void> {
  await checkReferencesPerStatement(db, REPORT_ROUNDS);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await checkReferencesPerRow(db, REPORT_ROUNDS);
}
