import {
  ERRORS,
  isErrorCode,
  type CallName as ContractCallName,
  type CallReply,
  type CallRequest,
  type ErrorReaction,
  type OkEnvelope,
} from '@sb/contract';
import { config } from '../config';
import { CALLS, type CallName } from './calls';

/** A reply with status '0', or a transport failure mapped to the catalogue's codes. */
export class ApiError extends Error {
  readonly code: string;
  readonly serverMessage: string;
  readonly field: string | undefined;
  /** The error reply's other fields (e.g. oddsChanged carries market_id, selection and the new odds). */
  readonly data: Readonly<Record<string, unknown>>;

  constructor(code: string, serverMessage = '', field?: string, data: Record<string, unknown> = {}) {
    super(serverMessage || code);
    this.name = 'ApiError';
    this.code = code;
    this.serverMessage = serverMessage;
    this.field = field;
    this.data = data;
  }

  /** How the app reacts (spec section 8); codes outside the catalogue get an error dialog. */
  get reaction(): ErrorReaction {
    return isErrorCode(this.code) ? ERRORS[this.code].reaction : 'error';
  }
}

export const isApiError = (value: unknown): value is ApiError => value instanceof ApiError;

/** Called after every answered call: the app clears the "connection unstable" state. */
let onAnswered: (() => void) | null = null;
export const setOnAnswered = (fn: (() => void) | null): void => {
  onAnswered = fn;
};

interface EnvelopeLike {
  status?: unknown;
  statusdesc?: unknown;
  message?: unknown;
  field?: unknown;
}

const parseJson = async (response: Response): Promise<EnvelopeLike | null> => {
  try {
    const body: unknown = await response.json();
    return body !== null && typeof body === 'object' ? (body as EnvelopeLike) : null;
  } catch {
    return null;
  }
};

/**
 * POST a call and return its successful reply, or throw an ApiError carrying the statusdesc code.
 * `no_changes` is a success (profile refresh tolerates it silently).
 */
export async function post<T extends object>(
  call: CallName,
  body: object = {},
  options: { signal?: AbortSignal } = {},
): Promise<OkEnvelope & T> {
  const timeout = AbortSignal.timeout(config.requestTimeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(CALLS[call], {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (options.signal?.aborted) throw error; // the caller gave up: not a connection problem
    if (timeout.aborted) throw new ApiError('requestTimeout');
    throw new ApiError('requestFailed');
  }
  const reply = await parseJson(response);
  if (!reply) throw new ApiError(response.status === 404 ? 'not_found' : 'systemError');
  onAnswered?.();
  if (String(reply.status) === '1') return reply as OkEnvelope & T;
  const code = typeof reply.statusdesc === 'string' && reply.statusdesc ? reply.statusdesc : 'systemError';
  throw new ApiError(
    code,
    typeof reply.message === 'string' ? reply.message : '',
    typeof reply.field === 'string' ? reply.field : undefined,
    reply as Record<string, unknown>,
  );
}

/** Calls whose request and reply the contract's table types (the web restates no reply shape). */
export type TypedCall = CallName & ContractCallName;

/** POST a call of the contract's table: the body and the reply are typed by the contract. */
export function call<N extends TypedCall>(
  name: N,
  body: CallRequest<N>,
  options: { signal?: AbortSignal } = {},
): Promise<OkEnvelope & CallReply<N>> {
  return post<CallReply<N>>(name, body, options);
}
