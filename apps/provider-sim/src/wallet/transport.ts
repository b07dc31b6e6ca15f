import { sign } from '../signature';
import type { Faults } from './faults';

/** A wallet reply as the protocol defines it; unknown fields are kept but ignored. */
export interface WalletReply {
  status: string;
  request_uuid?: string;
  user?: string;
  currency?: string;
  balance?: number;
  token?: string;
}

/** Either the platform's answer, or no usable answer (time-out, lost reply, non-200, non-JSON). */
export type CallOutcome = { kind: 'reply'; reply: WalletReply } | { kind: 'unknown'; reason: string };

export interface TransportOptions {
  baseUrl: string;
  secret: string;
  providerId: string;
  timeoutMs: number;
  faults: Faults;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sends signed wallet calls and applies the fault switches. It never throws: every failure becomes an
 * `unknown` outcome, which the client turns into a rollback (bets) or a retry (wins and rollbacks).
 */
export class WalletTransport {
  /** Calls held back by the reorder fault, released when the next call has gone. */
  private held: (() => void)[] = [];
  private static readonly MAX_HELD = 100;

  constructor(private readonly options: TransportOptions) {}

  /** `withFaults` is false for /wallet/check and /wallet/balance: the switches are for money calls. */
  async send(path: string, body: Record<string, unknown>, withFaults = true): Promise<CallOutcome> {
    const { faults } = this.options;
    if (!withFaults) return this.post(path, JSON.stringify(body));
    if (this.held.length < WalletTransport.MAX_HELD && faults.roll('reorder')) {
      await new Promise<void>((release) => {
        this.held.push(release);
        setTimeout(release, faults.settings.reorderHoldMs);
      });
    }
    if (faults.roll('delay')) await sleep(faults.settings.delayMs);
    const raw = JSON.stringify(body);
    const outcome = faults.roll('duplicate')
      ? preferDefinite(await Promise.all([this.post(path, raw), this.post(path, raw)]))
      : await this.post(path, raw);
    // This call has gone: the held ones may follow it now (that is the reorder).
    const released = this.held;
    this.held = [];
    for (const release of released) release();
    if (faults.roll('drop')) return { kind: 'unknown', reason: 'reply dropped' };
    return outcome;
  }

  private async post(path: string, raw: string): Promise<CallOutcome> {
    const { baseUrl, secret, providerId, timeoutMs } = this.options;
    try {
      const response = await fetch(new URL(path, baseUrl), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-signature': sign(secret, raw),
          'x-provider-id': providerId,
        },
        body: raw,
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await response.text();
      if (response.status !== 200) return { kind: 'unknown', reason: `HTTP ${response.status}` };
      const parsed: unknown = JSON.parse(text);
      if (
        typeof parsed !== 'object' ||
        parsed === null ||
        typeof (parsed as WalletReply).status !== 'string'
      ) {
        return { kind: 'unknown', reason: 'reply without a status' };
      }
      return { kind: 'reply', reply: parsed as WalletReply };
    } catch (error) {
      return { kind: 'unknown', reason: error instanceof Error ? error.name : 'network error' };
    }
  }
}

/** Of two answers to the same request, an RS_OK wins, then any definite answer. */
function preferDefinite(outcomes: CallOutcome[]): CallOutcome {
  const replies = outcomes.flatMap((outcome) => (outcome.kind === 'reply' ? [outcome] : []));
  return (
    replies.find((outcome) => outcome.reply.status === 'RS_OK') ??
    replies.find((outcome) => outcome.reply.status !== 'RS_ERROR_UNKNOWN') ??
    outcomes[0] ?? { kind: 'unknown', reason: 'no reply' }
  );
}
