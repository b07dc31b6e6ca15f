import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifySignature } from '../signature';

/**
 * A small in-memory operator wallet for the simulator's own tests: the decision table of
 * games-tournaments-backoffice.md 1.4 (stored replies by request_uuid and transaction_uuid, tombstones,
 * win after rollback refused, rollback of a won bet moves nothing). It exists so the wallet client can be
 * tested without the platform; the fault run against the real platform is in e2e/tests/provider-sim.test.ts.
 */
interface Bet {
  user: string;
  amount: number;
  round: string;
  state: 'open' | 'won' | 'rolled_back';
}

export class TestOperator {
  readonly balances = new Map<string, number>();
  private readonly tokens = new Map<string, string>();
  private readonly launch = new Map<string, string>();
  private readonly requests = new Map<string, Record<string, unknown>>();
  private readonly transactions = new Map<string, { key: string; reply: Record<string, unknown> }>();
  private readonly bets = new Map<string, Bet>();
  private readonly tombstones = new Set<string>();
  /** Money moved per transaction id: the test checks that nothing moved twice. */
  readonly applied = new Map<string, number>();
  doubleApplied = 0;
  private server: Server | null = null;
  url = '';

  constructor(private readonly secret: string) {}

  addMember(user: string, balance: number): string {
    this.balances.set(user, balance);
    const launchToken = randomUUID();
    this.launch.set(launchToken, user);
    return launchToken;
  }

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const raw = Buffer.concat(chunks);
        const signed = verifySignature(
          this.secret,
          raw,
          request.headers['x-signature'] as string | undefined,
        );
        const body = JSON.parse(raw.toString()) as Record<string, unknown>;
        const reply = signed
          ? this.handle(request.url ?? '', body)
          : { status: 'RS_ERROR_INVALID_SIGNATURE' };
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  private handle(path: string, body: Record<string, unknown>): Record<string, unknown> {
    const requestId = String(body.request_uuid);
    const stored = this.requests.get(requestId);
    if (stored) return stored;
    const reply = this.decide(path, body);
    if (path !== '/wallet/balance') this.requests.set(requestId, reply);
    return reply;
  }

  private answer(user: string, status = 'RS_OK', extra: Record<string, unknown> = {}) {
    return { status, user, currency: 'MYR', balance: this.balances.get(user) ?? 0, ...extra };
  }

  private move(transaction: string, user: string, amount: number): void {
    if (this.applied.has(transaction)) this.doubleApplied += 1;
    this.applied.set(transaction, amount);
    this.balances.set(user, (this.balances.get(user) ?? 0) + amount);
  }

  private decide(path: string, body: Record<string, unknown>): Record<string, unknown> {
    if (path === '/wallet/check') {
      const user = this.launch.get(String(body.token));
      if (!user) return { status: 'RS_ERROR_INVALID_TOKEN' };
      this.launch.delete(String(body.token));
      const token = randomUUID();
      this.tokens.set(token, user);
      return this.answer(user, 'RS_OK', { token });
    }
    const user = this.tokens.get(String(body.token));
    if (!user || user !== body.user) return { status: 'RS_ERROR_INVALID_TOKEN' };
    if (path === '/wallet/balance') return this.answer(user);
    const transaction = String(body.transaction_uuid);
    const key = JSON.stringify([
      path,
      body.user,
      body.round,
      body.game_code,
      body.amount,
      body.reference_transaction_uuid,
    ]);
    const previous = this.transactions.get(transaction);
    if (previous)
      return previous.key === key ? previous.reply : this.answer(user, 'RS_ERROR_DUPLICATE_TRANSACTION');
    const reply = this.apply(path, user, transaction, body);
    this.transactions.set(transaction, { key, reply });
    return reply;
  }

  private apply(path: string, user: string, transaction: string, body: Record<string, unknown>) {
    const amount = Number(body.amount ?? 0);
    const reference = String(body.reference_transaction_uuid);
    if (path === '/wallet/bet') {
      if (this.tombstones.has(transaction)) return this.answer(user, 'RS_ERROR_DUPLICATE_TRANSACTION');
      if ((this.balances.get(user) ?? 0) < amount) return this.answer(user, 'RS_ERROR_NOT_ENOUGH_MONEY');
      this.move(transaction, user, -amount);
      this.bets.set(transaction, { user, amount, round: String(body.round), state: 'open' });
      return this.answer(user);
    }
    const bet = this.bets.get(reference);
    if (path === '/wallet/win') {
      if (!bet)
        return this.answer(
          user,
          this.tombstones.has(reference)
            ? 'RS_ERROR_TRANSACTION_ROLLED_BACK'
            : 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
        );
      if (bet.state === 'rolled_back') return this.answer(user, 'RS_ERROR_TRANSACTION_ROLLED_BACK');
      bet.state = 'won';
      this.move(transaction, user, amount);
      return this.answer(user);
    }
    // Rollback: unknown bet -> tombstone; won bet -> nothing moves; open bet -> stake back.
    if (!bet) this.tombstones.add(reference);
    else if (bet.state === 'open') {
      bet.state = 'rolled_back';
      this.move(transaction, user, bet.amount);
    }
    return this.answer(user);
  }
}
