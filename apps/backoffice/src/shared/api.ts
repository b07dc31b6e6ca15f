import { CALLS, type CallName, type CallReply, type CallRequest, type OkEnvelope } from '@sb/contract';
import { useSession } from './session';

/** The back-office calls this app makes: every path under /bo in the contract's table. */
export type BoCallName = {
  [N in CallName]: (typeof CALLS)[N]['path'] extends `/bo/${string}` ? N : never;
}[CallName];

/** A reply with status '0' (its statusdesc code), or a transport failure. */
export class BoApiError extends Error {
  readonly code: string;
  readonly field: string | undefined;
  constructor(code: string, message = '', field?: string) {
    super(message || code);
    this.name = 'BoApiError';
    this.code = code;
    this.field = field;
  }
}

const TIMEOUT_MS = 15_000;

/** Codes after which the session is gone: the app returns to sign-in. */
const SESSION_ENDED = new Set(['unauthenticatedUser', 'session_expired', 'account_inactive']);

/**
 * POST a back-office call (path, request and reply typed by the contract's CALLS) with the session's bearer token,
 * answering the successful reply or throwing BoApiError with the statusdesc code.
 */
export async function boPost<N extends BoCallName>(
  name: N,
  body: CallRequest<N>,
): Promise<OkEnvelope & CallReply<N>> {
  const token = useSession.getState().token;
  let response: Response;
  try {
    response = await fetch(CALLS[name].path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw new BoApiError('connectionFailed');
  }
  let reply: Record<string, unknown>;
  try {
    reply = (await response.json()) as Record<string, unknown>;
  } catch {
    throw new BoApiError(response.ok ? 'invalidReply' : 'systemError');
  }
  if (String(reply.status) !== '1') {
    const code = typeof reply.statusdesc === 'string' ? reply.statusdesc : 'systemError';
    if (SESSION_ENDED.has(code) && token) useSession.getState().signOut();
    throw new BoApiError(
      code,
      typeof reply.message === 'string' ? reply.message : '',
      typeof reply.field === 'string' ? reply.field : undefined,
    );
  }
  return reply as OkEnvelope & CallReply<N>;
}

/** A fresh idempotency key for money calls (deposit, withdraw, credit). */
export const transferId = (): string => `bo-${Date.now().toString(36)}-${crypto.randomUUID().slice(0, 8)}`;
