import type { AppContext } from '../../context';
import type { AccountRow } from '../../db/schema';
import { MemberNotifier } from '../../push/member';
import { RiskNotifier } from '../../push/risk';
import type { MemberBalances } from '../ledger/service';

/**
 * The member's apps learn of the bet and of the new balance (after the commit; given when just written), and
 * the brand's trading desks that the book on its matches moved.
 */
export async function notifyBet(
  ctx: AppContext,
  account: AccountRow,
  balances?: MemberBalances,
  matchIds: readonly (string | number)[] = [],
): Promise<void> {
  const members = new MemberNotifier(ctx);
  await members.betsChanged(account, balances);
  await new RiskNotifier(ctx).bets(account.brand_id, matchIds);
}
