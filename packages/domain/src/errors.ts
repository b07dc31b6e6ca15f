/**
 * Two kinds of failure, kept apart on purpose (TigerBeetle style):
 * - expected failures of user input come back as named result codes from the `check*` / `validate*` functions;
 * - a computation called with input that should already have been checked throws a DomainError: that is a bug
 *   in the caller, and continuing with a guessed value would move money wrongly.
 */
export class DomainError extends Error {
  readonly code: string;
  readonly params: Readonly<Record<string, string | number>>;

  constructor(code: string, params: Readonly<Record<string, string | number>> = {}) {
    const detail = Object.entries(params)
      .map(([key, value]) => `${key}=${String(value)}`)
      .join(' ');
    super(detail === '' ? code : `${code}: ${detail}`);
    this.name = 'DomainError';
    this.code = code;
    this.params = params;
  }
}

/** Asserts an invariant. A failure is a programming error, never a user error. */
export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new DomainError('assertion', { message });
}
