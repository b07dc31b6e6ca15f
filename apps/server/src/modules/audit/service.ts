import type { AuditLogRow } from '../../db/schema';
import type { Executor } from '../../db/types';
import { auditHash, GENESIS_HASH, stableJson } from './chain';
import { auditRepository, type AuditFilter } from './repository';

/** Who made a back-office change, and from where. */
export interface AuditActor {
  /** The login that acted: the account's, or the staff sub-account's. */
  login: string;
  accountPk: string | null;
  staffPk: string | null;
  address: string;
}

/** One change: what, to whom, and the values before and after (any JSON; bigints become strings). */
export interface AuditChange {
  action: string;
  target: string;
  /** The account path the change belongs to: every upline above it may read the row. */
  scopePath: string;
  before: unknown;
  after: unknown;
}

export interface AuditVerifyReport {
  ok: boolean;
  rows: number;
  /** The first row whose hash or link does not hold, when one does not. */
  broken?: { seq: string; reason: 'hash' | 'link' };
}

/** Rows read per page by verification: the whole log is never held at once. */
const VERIFY_PAGE = 1_000;

/**
 * The append-only audit log of every back-office change (issue 18): each row chained to the one before by SHA-256
 * and written in the same transaction as the change it describes; the database refuses UPDATE and DELETE.
 */
export class AuditService {
  async record(ex: Executor, at: Date, actor: AuditActor, change: AuditChange): Promise<void> {
    await auditRepository.append(ex, {
      at,
      actor: actor.login,
      actor_pk: actor.accountPk,
      staff_pk: actor.staffPk,
      address: actor.address,
      action: change.action,
      target: change.target,
      scope_path: change.scopePath,
      before: stableJson(change.before),
      after: stableJson(change.after),
    });
  }

  search(ex: Executor, filter: AuditFilter): Promise<{ rows: AuditLogRow[]; total: number }> {
    return auditRepository.search(ex, filter);
  }

  /** Walks the whole chain: every row's hash recomputed and linked to the previous row's. */
  async verify(ex: Executor): Promise<AuditVerifyReport> {
    let prevHash = GENESIS_HASH;
    let afterSeq = '0';
    let rows = 0;
    for (;;) {
      const page = await auditRepository.page(ex, afterSeq, VERIFY_PAGE);
      for (const row of page) {
        if (row.prev_hash !== prevHash)
          return { ok: false, rows, broken: { seq: String(row.seq), reason: 'link' } };
        // Ids come back from the driver as bigints: hashed as the text they were written as.
        const content = {
          ...row,
          actor_pk: row.actor_pk === null ? null : String(row.actor_pk),
          staff_pk: row.staff_pk === null ? null : String(row.staff_pk),
        };
        if (auditHash(row.prev_hash, content) !== row.hash)
          return { ok: false, rows, broken: { seq: String(row.seq), reason: 'hash' } };
        prevHash = row.hash;
        rows += 1;
      }
      const last = page.at(-1);
      if (!last || page.length < VERIFY_PAGE) return { ok: true, rows };
      afterSeq = String(last.seq);
    }
  }
}
