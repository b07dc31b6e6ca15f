import type { AppContext } from '../../context';
import type { AccountRow } from '../../db/schema';
import { MemberNotifier } from '../../push/member';
import type { MemberBalances } from '../ledger/service';

/** The member's apps learn of the bet and of the new balance (after the commit; given when just written). */
export async function notifyBet(
  ctx: AppContext,
  account: AccountRow,
  balances?: MemberBalances,
): Promise<void> {
  const members = new MemberNotifier(ctx);
  await members.send(account.account_id, { op: 'bet' });
  await members.balance(account, balances);
}
