import type { Currency } from '@sb/contract';
import type { AppContext } from '../context';
import { accountRepository } from '../modules/account/repository';
import { brandRepository } from '../modules/brand/repository';
import { DEFAULT_BRAND_SETTINGS } from '../modules/brand/defaults';
import { BRANDS_CHANNEL } from '../modules/brand/service';
import { gamesRepository } from '../modules/games/repository';
import { demoTotpSecret } from './demo-totp';
import { BoAccessService, internalCaller } from '../modules/boaccess/service';
import { UplineService } from '../modules/upline/service';

export const DEMO_PASSWORD = 'Demo1234';

export { demoTotpSecret } from './demo-totp';

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

/** The second demo brand (white label) on its own host name: its own look, languages, currencies, products. */
export const JADE_BRAND = {
  code: 'jade',
  name: 'Jade',
  hosts: ['jade.localhost'],
  settings: {
    ...DEFAULT_BRAND_SETTINGS,
    theme: 'dark' as const,
    colours: { primary: '#6a2c91', accent: '#d4af37' },
    default_language: 'th' as const,
    languages: ['th' as const, 'en' as const, 'vi' as const, 'cn' as const],
    default_odds_type: 4,
    currencies: ['THB', 'USD'],
    sports_order: [1, 5, 2, 9, 3],
    products: [
      'sportsbook' as const,
      'slots' as const,
      'fishing' as const,
      'lottery' as const,
      'minigame' as const,
    ],
    white_label: true,
    support_contact: 'support@jade.example',
    help: { en: 'Jade members: bets are accepted on the terms shown in the bet slip.' },
  },
};

/** The second brand's members: its own accounts under its own operator (jadeop). */
export const JADE_MEMBERS = [
  { accountId: 'jadethb', currency: 'THB' as Currency, type: 'cash' as const, amount: '10000.00' },
  { accountId: 'jadeusd', currency: 'USD' as Currency, type: 'cash' as const, amount: '10000.00' },
];

/**
 * Demo data through the real services (the same checks as the backoffice calls): brand Demo (the default,
 * on localhost and 127.0.0.1) with operator demoop, and brand Jade (jade.localhost) with operator jadeop.
 * Idempotent: each brand is seeded once (its operator exists), deposits use fixed transfer ids.
 */
export async function seedDemo(ctx: AppContext, brandName = ctx.config.brand): Promise<{ created: boolean }> {
  await seedGameProviders(ctx);
  const access = new BoAccessService(ctx);
  const upline = new UplineService(ctx, access);
  let created = false;
  if (!(await accountRepository.findByAccountId(ctx.db, 'demoop'))) {
    const brandId = await accountRepository.ensureBrand(ctx.db, 'demo', brandName);
    await seedBrand(ctx, upline, access, { brandId, prefix: 'demo', members: DEMO_MEMBERS });
    created = true;
  }
  await ctx.db.transaction().execute(async (trx) => {
    const demo = await brandRepository.byCode(trx, 'demo');
    if (!demo) return;
    await brandRepository.markDefaultIfNone(trx, demo.id);
    await brandRepository.addHostsIfNone(trx, demo.id, ['localhost', '127.0.0.1']);
  });
  if (!(await accountRepository.findByAccountId(ctx.db, 'jadeop'))) {
    const brandId = await ctx.db.transaction().execute(async (trx) => {
      const id = await brandRepository.upsert(trx, {
        code: JADE_BRAND.code,
        name: JADE_BRAND.name,
        settings: JSON.stringify(JADE_BRAND.settings),
        theme: JADE_BRAND.settings.theme,
        language: JADE_BRAND.settings.default_language,
      });
      await brandRepository.setHosts(trx, id, JADE_BRAND.hosts);
      return id;
    });
    await seedBrand(ctx, upline, access, { brandId, prefix: 'jade', members: JADE_MEMBERS });
    created = true;
  }
  // Every process reads the brands again (hosts and settings are served from memory).
  if (created) await ctx.bus.publish(BRANDS_CHANNEL, JSON.stringify({ seeded: true }));
  return { created };
}

/** One brand's operator, upline chain and members (with their opening money). */
async function seedBrand(
  ctx: AppContext,
  upline: UplineService,
  access: BoAccessService,
  input: { brandId: number; prefix: string; members: typeof DEMO_MEMBERS },
): Promise<void> {
  const operatorRow = await upline.createOperator({
    account_id: `${input.prefix}op`,
    password: DEMO_PASSWORD,
    brandId: input.brandId,
    operatorType: 1,
  });
  await access.seedSecondFactor(String(operatorRow.id), demoTotpSecret(operatorRow.account_id));
  const operator = internalCaller(operatorRow, 'seed');
  let parentId = `${input.prefix}op`;
  for (const level of DEMO_CHAIN) {
    const accountId = level.accountId.replace(/^demo/, input.prefix);
    const row = await upline.createAccount(operator, {
      account_id: accountId,
      password: DEMO_PASSWORD,
      parent_id: parentId,
      commission_rate: level.rate,
      pt_share: level.share,
    });
    const created = await accountRepository.findByAccountId(ctx.db, row.account_id);
    if (created) await access.seedSecondFactor(String(created.id), demoTotpSecret(created.account_id));
    parentId = accountId;
  }
  for (const member of input.members) {
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
