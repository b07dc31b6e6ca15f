import type { CallOutcome, WalletTransport } from './transport';

/**
 * Delivery of the calls that must get a definite answer (wins and rollbacks): a few tries with back-off
 * right away, then a pending queue that keeps retrying in the background, up to a limit.
 */
export interface RetryPolicy {
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  pendingIntervalMs: number;
  pendingMaxAttempts: number;
  pendingMaxSize: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  attempts: 3,
  baseDelayMs: 200,
  maxDelayMs: 2_000,
  pendingIntervalMs: 1_000,
  pendingMaxAttempts: 200,
  pendingMaxSize: 10_000,
};

/** A call to deliver: `body` is rebuilt for each try so every try has its own request_uuid. */
export interface Delivery {
  path: string;
  body: () => Record<string, unknown>;
  /** Statuses that end the retries without success (the game is then stuck until fixed by hand). */
  stopStatuses: ReadonlySet<string>;
  onDone: (result: DeliveryResult) => void;
}

export type DeliveryResult =
  | { kind: 'ok'; balance: number | undefined }
  | { kind: 'stopped'; status: string }
  | { kind: 'gave_up'; reason: string };

interface PendingDelivery {
  delivery: Delivery;
  attempts: number;
  nextAt: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class Deliverer {
  private pending: PendingDelivery[] = [];
  private timer: NodeJS.Timeout | null = null;
  private draining = false;
  /** The most pending calls one background pass retries. */
  private static readonly PASS_LIMIT = 200;

  constructor(
    private readonly transport: WalletTransport,
    private readonly policy: RetryPolicy,
  ) {}

  get pendingCount(): number {
    return this.pending.length;
  }

  get isFull(): boolean {
    return this.pending.length >= this.policy.pendingMaxSize;
  }

  /** Tries now; resolves 'ok' / 'stopped', or 'queued' when the call went to the pending queue. */
  async deliver(delivery: Delivery): Promise<'ok' | 'stopped' | 'queued'> {
    for (let attempt = 0; attempt < this.policy.attempts; attempt += 1) {
      if (attempt > 0) await sleep(this.backoff(attempt));
      const result = this.interpret(delivery, await this.transport.send(delivery.path, delivery.body()));
      if (result) {
        delivery.onDone(result);
        return result.kind === 'ok' ? 'ok' : 'stopped';
      }
    }
    this.pending.push({
      delivery,
      attempts: this.policy.attempts,
      nextAt: Date.now() + this.policy.maxDelayMs,
    });
    this.schedule();
    return 'queued';
  }

  private backoff(attempt: number): number {
    return Math.min(this.policy.maxDelayMs, this.policy.baseDelayMs * 2 ** (attempt - 1));
  }

  /** A definite answer ends the delivery; RS_ERROR_UNKNOWN and lost answers mean "try again". */
  private interpret(delivery: Delivery, outcome: CallOutcome): DeliveryResult | null {
    if (outcome.kind === 'unknown') return null;
    const { status, balance } = outcome.reply;
    if (status === 'RS_OK') return { kind: 'ok', balance };
    if (delivery.stopStatuses.has(status)) return { kind: 'stopped', status };
    return null;
  }

  private schedule(): void {
    if (this.timer || this.pending.length === 0) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.pass();
    }, this.policy.pendingIntervalMs);
    this.timer.unref();
  }

  /** One background pass over the calls that are due, at most PASS_LIMIT of them. */
  private async pass(): Promise<void> {
    if (this.draining) return;
    this.draining = true;
    try {
      const now = Date.now();
      const due = this.pending.filter((item) => item.nextAt <= now).slice(0, Deliverer.PASS_LIMIT);
      await Promise.all(due.map((item) => this.retry(item)));
    } finally {
      this.draining = false;
      this.schedule();
    }
  }

  private async retry(item: PendingDelivery): Promise<void> {
    const { delivery } = item;
    item.attempts += 1;
    const result = this.interpret(delivery, await this.transport.send(delivery.path, delivery.body()));
    const done =
      result ??
      (item.attempts >= this.policy.pendingMaxAttempts
        ? ({ kind: 'gave_up', reason: `no definite answer after ${item.attempts} tries` } as const)
        : null);
    if (!done) {
      item.nextAt = Date.now() + this.backoff(Math.min(item.attempts, 10));
      return;
    }
    this.pending = this.pending.filter((other) => other !== item);
    delivery.onDone(done);
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
