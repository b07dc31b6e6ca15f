import type { Currency } from '@sb/contract';
import type { AppContext } from '../context';
import { accountRepository } from '../modules/account/repository';
import { gamesRepository } from '../modules/games/repository';
import { UplineService } from '../modules/upline/service';

export const DEMO_PASSWORD = 'Demo1234';

export const DEMO_MEMBERS: {
  accountId: string;
  currency: Currency;
  type: 'cash' | 'credit';
  amount: string;
}[] = [
  { accountId: 'demomyr', currency: 'MYR', type: 'cash', amount: '10000.00' },
  { accountId: 'demousd', currency: 'USD', type: 'cash', amount: '10000.00' },
  { accountId: 'democny', currency: 'CNY', type: 'cash', amount: '10000.00' },
  { accountId: 'demoidr', currency: 'IDR', type: 'cash', amount: '10000.00' },
  { accountId: 'demothb', currency: 'THB', type: 'cash', amount: '10000.00' },
  { accountId: 'demosgd', currency: 'SGD', type: 'cash', amount: '10000.00' },
  { accountId: 'demommk', currency: 'MMK', type: 'cash', amount: '10000.00' },
  { accountId: 'democredit', currency: 'MYR', type: 'credit', amount: '5000.00' },
];

/** The demo upline chain under operator demoop, with each level's commission rate. */
/** The demo upline: commission rates down the chain, and position-taking shares (the operator keeps 30%). */
const DEMO_CHAIN = [
  { accountId: 'demosh', rate: '0.0100', share: '0.2000' },
  { accountId: 'demoss', rate: '0.0080', share: '0.1000' },
  { accountId: 'demosr', rate: '0.0060', share: '0.1000' },
  { accountId: 'demoma', rate: '0.0040', share: '0.1000' },
  { accountId: 'demoag', rate: '0.0030', share: '0.2000' },
];

/**
 * Demo data through the real services (the same checks as the backoffice calls). Idempotent: it does
 * nothing when the operator exists, and deposits use fixed transfer ids.
 */
export async function seedDemo(ctx: AppContext, brandName = ctx.config.brand): Promise<{ created: boolean }> {
  await seedGameProviders(ctx);
  if (await accountRepository.findByAccountId(ctx.db, 'demoop')) return { created: false };
  const upline = new UplineService(ctx);
  const brandId = await accountRepository.ensureBrand(ctx.db, 'demo', brandName);
  const operator = await upline.createOperator({
    account_id: 'demoop',
    password: DEMO_PASSWORD,
    brandId,
    operatorType: 1,
  });
  let parentId = 'demoop';
  for (const level of DEMO_CHAIN) {
    await upline.createAccount(operator, {
      account_id: level.accountId,
      password: DEMO_PASSWORD,
      parent_id: parentId,
      commission_rate: level.rate,
      pt_share: level.share,
    });
    parentId = level.accountId;
  }
  for (const member of DEMO_MEMBERS) {
    await upline.createAccount(operator, {
      account_id: member.accountId,
      password: DEMO_PASSWORD,
      parent_id: parentId,
      commission_rate: '0.0025',
      currency: member.currency,
      member_type: member.type,
    });
    const money = {
      account_id: member.accountId,
      amount: member.amount,
      transfer_id: `seed:${member.accountId}:opening`,
    };
    if (member.type === 'cash') await upline.deposit(operator, money);
    else await upline.setCredit(operator, money);
  }
  return { created: true };
}

/**
 * The provider simulator "Demo Gaming" as wallet provider `sim`, keyed with the secret `npm start` hands to
 * both processes (PROVIDER_SIM_SECRET); re-keyed on every start, since the secret may have been regenerated.
 */
export async function seedGameProviders(ctx: AppContext): Promise<void> {
  const secret = ctx.config.games.simSecret;
  if (!secret) return;
  await gamesRepository.upsertWalletProvider(ctx.db, { code: 'sim', name: 'Demo Gaming', secret });
}
