import { sql, type Kysely } from 'kysely';

/** The keno sport (feed/sports/catalogue.ts); its limits are the defaults' '162' row (upline/defaults.ts). */
const KENO_SPORT = 162;
/** MYR minor units: stake 1.00 to 500.00, one ticket's payout 150,000.00; a day's payouts 300,000.00. */
const KENO_LIMIT = { min: 100n, max: 50_000n, maxPayout: 15_000_000n };
const KENO_DAY_CAP = 30_000_000n;
/** The ratio table as of this migration (domain currency-scale.ts): a migration never changes with the code. */
const SCALE: [string, bigint, bigint][] = [
  ['MYR', 1n, 1n],
  ['SGD', 3n, 10n],
  ['USD', 1n, 4n],
  ['CNY', 3n, 2n],
  ['THB', 8n, 1n],
  ['IDR', 1n, 1n],
  ['MMK', 1n, 1n],
];

/**
 * Keno gets limits of its own (issue 17): a pick-10 ticket's top prize is 125,011 times the stake, so the
 * 'any other sport' limits (stake from 5.00, payout up to 50,000.00, a day's payouts 50,000.00) refused every
 * pick 8 to 10. Members that exist get the new row (new ones take it from the defaults); the day cap per currency.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const scaled = (minor: bigint, num: bigint, den: bigint) => {
    const whole = ((minor * num) / den / 100n) * 100n;
    return whole > 0n ? whole : 100n;
  };
  for (const [currency, num, den] of SCALE) {
    const min = scaled(KENO_LIMIT.min, num, den);
    const max = scaled(KENO_LIMIT.max, num, den);
    const payout = scaled(KENO_LIMIT.maxPayout, num, den);
    await sql`
      insert into bet_limits (account_pk, limit_id, min_bet, max_bet, max_payout, max_per_match)
      select a.id, ${String(KENO_SPORT)}, ${String(min)}::bigint, ${String(max)}::bigint, ${String(payout)}::bigint,
        ${String(max * 3n)}::bigint
      from accounts a
      where a.level = 'member' and a.currency = ${currency}
      on conflict (account_pk, limit_id) do nothing`.execute(db);
    await sql`
      insert into payout_day_caps (sport_id, currency, cap)
      values (${KENO_SPORT}, ${currency}, ${String(scaled(KENO_DAY_CAP, num, den))}::bigint)
      on conflict (sport_id, currency) do nothing`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from bet_limits where limit_id = ${String(KENO_SPORT)}`.execute(db);
  await sql`delete from payout_day_caps where sport_id = ${KENO_SPORT}`.execute(db);
}
