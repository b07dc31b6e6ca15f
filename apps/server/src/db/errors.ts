/** PostgreSQL error codes the services react to (everything else is a bug and answers systemError). */
function pgCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}

/** A unique index refused the row (23505): usually "this was already done". */
export function isUniqueViolation(error: unknown): boolean {
  return pgCode(error) === '23505';
}

/** The constraint a unique violation (23505) names, if it is one (node-postgres and PGlite both carry it). */
export function uniqueViolationOf(error: unknown): string | undefined {
  if (!isUniqueViolation(error) || typeof error !== 'object' || error === null) return undefined;
  return 'constraint' in error && typeof error.constraint === 'string' ? error.constraint : undefined;
}

/** A CHECK constraint refused the row (23514), e.g. a guarded balance that would go below zero. */
export function isCheckViolation(error: unknown): boolean {
  return pgCode(error) === '23514';
}

/** Deadlock (40P01) or serialization failure (40001): the transaction may be retried as it is. */
export function isRetryableConflict(error: unknown): boolean {
  const code = pgCode(error);
  return code === '40P01' || code === '40001';
}

/**
 * A wallet batch's statement found what it decided on changed meanwhile (SBW01, raised by wallet_batch_guard of
 * migration 0027): nothing of it was written, and its calls are decided again on what is stored now.
 */
export function walletBatchConflict(error: unknown): string | undefined {
  if (pgCode(error) !== 'SBW01') return undefined;
  const message = error instanceof Error ? error.message : '';
  return /^wallet batch: (\w+)/.exec(message)?.[1] ?? 'batch';
}
