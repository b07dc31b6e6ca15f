import type { ErrorCode } from './errors';

/** Every reply: status '1' is success; anything else carries a statusdesc code (spec section 7). */
export interface OkEnvelope {
  status: '1';
  statusdesc: 'success' | 'no_changes';
}
export interface ErrorEnvelope {
  status: '0';
  statusdesc: ErrorCode;
  message: string;
  /** The books' numeric code for some betting errors. */
  code?: number;
  /** Which field failed validation, when one did. */
  field?: string;
}
export type Reply<T extends object> = (OkEnvelope & T) | ErrorEnvelope;

export const isOk = <T extends object>(reply: Reply<T>): reply is OkEnvelope & T =>
  String(reply.status) === '1';
