import { createHash } from 'node:crypto';
import type { AuditLogRow } from '../../db/schema';

/** The previous hash of the first row: the chain starts from nothing. */
export const GENESIS_HASH = '0'.repeat(64);

/** What a row's hash covers: every column but seq, the previous hash and the hash itself. */
export type AuditContent = Omit<AuditLogRow, 'seq' | 'prev_hash' | 'hash'>;

/**
 * SHA-256 over the previous row's hash and this row's fields, each length-prefixed so no two different rows can
 * serialise alike (a field holding a separator cannot shift text into its neighbour).
 */
export function auditHash(prevHash: string, row: AuditContent): string {
  const fields = [
    prevHash,
    row.at.toISOString(),
    row.actor,
    row.actor_pk ?? '',
    row.staff_pk ?? '',
    row.address,
    row.action,
    row.target,
    row.scope_path,
    row.before,
    row.after,
  ];
  const hash = createHash('sha256');
  for (const field of fields) hash.update(`${Buffer.byteLength(field)}:`).update(field);
  return hash.digest('hex');
}

/** JSON with keys sorted at every depth and bigints as strings: one text for one value, whoever writes it. */
export function stableJson(value: unknown): string {
  return JSON.stringify(sortDeep(value)) ?? 'null';
}

function sortDeep(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(sortDeep);
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(entries.map(([k, v]) => [k, sortDeep(v)]));
  }
  return value;
}
