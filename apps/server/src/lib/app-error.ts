import type { ErrorCode } from '@sb/contract';

/**
 * The one error type for expected failures: a spec statusdesc code, optionally the field at fault and
 * extra reply fields (e.g. the new price on an odds change). Anything else thrown is a bug (systemError).
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly details: { field?: string; httpStatus?: number; extra?: Record<string, unknown> } = {},
  ) {
    super(code);
    this.name = 'AppError';
  }
}

export const fail = (code: ErrorCode, details?: AppError['details']): never => {
  throw new AppError(code, details);
};
