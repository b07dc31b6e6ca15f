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

/** The one way services tell a member's open apps that something changed. */
export class MemberNotifier {
  constructor(private readonly ctx: AppContext) {}

  /** Pushes to one member, in order, in one bus message (a bet and its balance travel together). */
  async send(accountId: string, ...payloads: MemberPush[]): Promise<void> {
    if (payloads.length === 0) return;
    const message: MemberMessage = { account_id: accountId, payloads };
    await this.ctx.bus.publish(MEMBER_CHANNEL, JSON.stringify(message));
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
  async balancePush(account: AccountRow, known?: MemberBalances): Promise<MemberPush | null> {
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
