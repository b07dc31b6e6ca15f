import { sql } from 'kysely';
import type { AuditLogRow } from '../../db/schema';
import type { Executor } from '../../db/types';
import { auditHash, GENESIS_HASH, type AuditContent } from './chain';

/** The advisory lock that serialises appends: each row needs the hash of the one before it. */
const AUDIT_APPEND_LOCK = 0x4155_4449; // 'AUDI'

export interface AuditFilter {
  scopePath: string;
  actor?: string | undefined;
  target?: string | undefined;
  action?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  page: number;
  pageSize: number;
}

/** The audit log's own SQL: append under the chain lock, search, and read in order for verification. */
export const auditRepository = {
  /**
   * Appends one row in the caller's transaction (the change and its audit row commit together or not at all).
   * The lock is held to commit: call this last in a transaction, after its row locks, so it never waits while
   * holding the chain.
   */
  async append(ex: Executor, content: AuditContent): Promise<void> {
    // Outside a transaction the lock would end with its own statement: the read and the insert need it too.
    if (!ex.isTransaction) return ex.transaction().execute((trx) => this.append(trx, content));
    await sql`select pg_advisory_xact_lock(${AUDIT_APPEND_LOCK})`.execute(ex);
    const last = await ex
      .selectFrom('audit_log')
      .select('hash')
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirst();
    const prevHash = last?.hash ?? GENESIS_HASH;
    await ex
      .insertInto('audit_log')
      .values({ ...content, prev_hash: prevHash, hash: auditHash(prevHash, content) })
      .execute();
  },

  async search(ex: Executor, filter: AuditFilter): Promise<{ rows: AuditLogRow[]; total: number }> {
    let query = ex.selectFrom('audit_log').where('scope_path', 'like', `${filter.scopePath}%`);
    if (filter.actor) query = query.where(sql`lower(actor)`, '=', filter.actor.toLowerCase());
    if (filter.target) query = query.where(sql`lower(target)`, '=', filter.target.toLowerCase());
    if (filter.action) query = query.where('action', 'like', `${filter.action}%`);
    if (filter.from) query = query.where('at', '>=', filter.from);
    if (filter.to) query = query.where('at', '<', filter.to);
    const [rows, count] = await Promise.all([
      query
        .selectAll()
        .orderBy('seq', 'desc')
        .limit(filter.pageSize)
        .offset((filter.page - 1) * filter.pageSize)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst(),
    ]);
    return { rows, total: Number(count?.n ?? 0) };
  },

  /** Rows after `afterSeq` in chain order, at most `limit` (verification reads the log a page at a time). */
  async page(ex: Executor, afterSeq: string, limit: number): Promise<AuditLogRow[]> {
    return ex
      .selectFrom('audit_log')
      .selectAll()
      .where('seq', '>', afterSeq)
      .orderBy('seq')
      .limit(limit)
      .execute();
  },
};
