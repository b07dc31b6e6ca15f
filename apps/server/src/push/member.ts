import type { AppContext } from '../context';
import type { AccountRow } from '../db/schema';
import { formatMinor } from '../lib/money';
import { walletView } from '../modules/account/profile';
import type { MemberBalances } from '../modules/ledger/service';

/** Bus channel for pushes to one member's sockets, in whichever process they are connected. */
export const MEMBER_CHANNEL = 'member';

export type MemberPush =
  | { op: 'balance'; balance: string; account_balance: string; outstanding_balance: string }
  | { op: 'profile' | 'bet' | 'messages' }
  | { op: 'room'; roomid: number; status: string }
  /** Not sent to the browser: tells every process to close the sockets of ended sessions (token hashes). */
  | { op: 'sessions_ended'; only?: string; except?: string };

/** A bus message on MEMBER_CHANNEL: one member's pushes, in the order they are to arrive. */
export interface MemberMessage {
  account_id: string;
  payloads: MemberPush[];
}

/**
 * A MEMBER_CHANNEL message read back; also the one-push form (`payload`) that a process of the previous release
 * still publishes while a deployment rolls. Anything else is no push (never an exception in the bus's handler).
 */
export function readMemberMessage(text: string): MemberMessage | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || !('account_id' in parsed)) return null;
  const accountId = parsed.account_id;
  if (typeof accountId !== 'string') return null;
  const payloads =
    'payloads' in parsed && Array.isArray(parsed.payloads)
      ? parsed.payloads
      : 'payload' in parsed && parsed.payload !== undefined
        ? [parsed.payload]
        : [];
  const pushes = payloads.filter(
    (payload): payload is MemberPush =>
      typeof payload === 'object' && payload !== null && 'op' in payload && typeof payload.op === 'string',
  );
  return pushes.length > 0 ? { account_id: accountId, payloads: pushes } : null;
}

/** The one way services tell a member's open apps that something changed. */
export class MemberNotifier {
  constructor(private readonly ctx: AppContext) {}

  /** Pushes to one member, in order, in one bus message (a bet and its balance travel together). */
  async send(accountId: string, ...payloads: MemberPush[]): Promise<void> {
    if (payloads.length === 0) return;
    const message: MemberMessage = { account_id: accountId, payloads };
    await this.ctx.bus.publish(MEMBER_CHANNEL, JSON.stringify(message));
  }

  /**
   * A member's bets changed (placed, accepted, settled): the `bet` push and the new balance (see balance) in one
   * bus message.
   */
  async betsChanged(account: AccountRow, known?: MemberBalances): Promise<void> {
    const balance = await this.balancePush(account, known);
    await this.send(account.account_id, { op: 'bet' }, ...(balance ? [balance] : []));
  }

  /** Sessions of a member ended: their open sockets, in any process, are closed (see PushHub.endSessions). */
  async sessionsEnded(accountId: string, filter: { only?: string; except?: string }): Promise<void> {
    await this.send(accountId, { op: 'sessions_ended', ...filter });
  }

  /**
   * After a money change: the new balance itself, read after the commit, or as the change's own statement
   * returned it (`known`: exact, since the member's balance rows were locked by that statement).
   */
  async balance(account: AccountRow, known?: MemberBalances): Promise<void> {
    const push = await this.balancePush(account, known);
    if (push) await this.send(account.account_id, push);
  }

  /** A balance push (see balance), to send with others; none for an account without a currency. */
  private async balancePush(account: AccountRow, known?: MemberBalances): Promise<MemberPush | null> {
    if (!account.currency) return null;
    const balances =
      known ?? (await this.ctx.ledger.balances(this.ctx.db, String(account.id), account.currency));
    const wallet = walletView(account, balances);
    return {
      op: 'balance',
      balance: formatMinor(wallet.available),
      account_balance: formatMinor(wallet.cash),
      outstanding_balance: formatMinor(wallet.outstanding),
    };
  }
}
