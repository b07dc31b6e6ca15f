import { CURRENCIES, type Currency } from '@sb/contract';
import { clampLimit, limitOutside, sameLimit, scaleFromMyr, type ChainLimit } from '@sb/domain';
import type { AccountRow, BetLimitRow } from '../../db/schema';
import type { Executor } from '../../db/types';
import { AppError } from '../../lib/app-error';
import { formatMinor } from '../../lib/money';
import { accountRecords as repo } from '../account/service';
import { defaultBetLimits, houseLimits } from './defaults';
import { uplineRepository } from './repository';

/**
 * Bet limits along the chain (issue 18). A member's rows are in its currency (betting reads them); an upline
 * level's rows are in MYR minor units, the reference its downline's currencies scale from (defaults.ts's exact
 * ratio). An upline level without a row for a limit id has its nearest ancestor's, and the house's at the top.
 */

/** The most accounts below one level a change of limits walks (a bound on its work, as the share check's). */
const MAX_DOWNLINE = 20_000;

export interface LimitValues extends ChainLimit {
  limitId: string;
}

/**
 * A level's limits as used below it (MYR): whether each came from a row of the chain (not the house), and from
 * the account's own row.
 */
export type ChainLimits = Map<string, { limit: ChainLimit; fromChain: boolean; own: boolean }>;

export interface ClampedAccount {
  account: { id: string; account_id: string; path: string; level: string };
  before: LimitValues[];
  after: LimitValues[];
}

const ancestorsOf = (account: { id: string | number; path: string }) =>
  account.path.split('/').filter((id) => id !== '' && id !== String(account.id));

const fromRow = (row: BetLimitRow): ChainLimit => ({
  min: row.min_bet,
  max: row.max_bet,
  maxPayout: row.max_payout,
  maxPerMatch: row.max_per_match,
});

/** A chain limit (MYR) in a member's currency, with the defaults' exact scaling. */
export function inCurrency(limit: ChainLimit, currency: Currency): ChainLimit {
  return {
    min: scaleFromMyr(limit.min, currency),
    max: scaleFromMyr(limit.max, currency),
    maxPayout: scaleFromMyr(limit.maxPayout, currency),
    maxPerMatch: limit.maxPerMatch === null ? null : scaleFromMyr(limit.maxPerMatch, currency),
  };
}

/**
 * The limits an upline account (or the operator) has, in MYR: its own row, else its nearest ancestor's, else
 * the house's, per limit id.
 */
export async function uplineLimitsOf(ex: Executor, account: { id: string | number; path: string }) {
  const chain = [...ancestorsOf(account), String(account.id)];
  const rows = await repo.betLimitsOf(ex, chain);
  const out: ChainLimits = new Map(
    houseLimits().map((limit) => [limit.limitId, { limit, fromChain: false, own: false }] as const),
  );
  // Top to bottom: a deeper level's row wins.
  for (const pk of chain) {
    for (const row of rows.get(pk) ?? []) {
      if (out.has(row.limit_id))
        out.set(row.limit_id, { limit: fromRow(row), fromChain: true, own: pk === String(account.id) });
    }
  }
  return out;
}

/** The ceiling an account's limits must lie inside, in the account's own unit (its currency, or MYR). */
export async function ceilingOf(ex: Executor, account: AccountRow): Promise<Map<string, ChainLimit>> {
  const out = new Map<string, ChainLimit>();
  if (account.parent_id === null) {
    for (const limit of houseLimits()) out.set(limit.limitId, limit);
    return out;
  }
  const parent = await repo.findByPk(ex, String(account.parent_id));
  if (!parent) throw new AppError('account_not_exists', { field: 'account_id' });
  const above = await uplineLimitsOf(ex, parent);
  for (const [id, { limit }] of above) {
    out.set(id, account.level === 'member' ? inCurrency(limit, memberCurrency(account)) : limit);
  }
  return out;
}

/** The account's own limits in its unit: a member's rows; an upline level's limits as uplineLimitsOf has them. */
export async function ownLimitsOf(ex: Executor, account: AccountRow) {
  if (account.level !== 'member') return uplineLimitsOf(ex, account);
  const rows = (await repo.betLimitsOf(ex, [String(account.id)])).get(String(account.id)) ?? [];
  const out: ChainLimits = new Map();
  for (const row of rows) out.set(row.limit_id, { limit: fromRow(row), fromChain: true, own: true });
  return out;
}

/**
 * The limits a new account starts with: its parent's (a member's scaled to its currency) for every limit id the
 * chain has a row for; the house defaults for the rest of a member's; nothing more for an upline level (it
 * reads the house's through the chain).
 */
export async function startingLimits(
  ex: Executor,
  parent: AccountRow,
  currency: Currency | null,
): Promise<LimitValues[]> {
  // Under share locks: a lowering above (holding its account's row lock) commits first, or waits for us.
  await uplineRepository.lockShared(ex, [...ancestorsOf(parent), String(parent.id)]);
  const above = await uplineLimitsOf(ex, parent);
  if (currency === null) {
    return [...above]
      .filter(([, entry]) => entry.fromChain)
      .map(([limitId, { limit }]) => ({ limitId, ...limit }));
  }
  return defaultBetLimits(currency).map((fallback) => {
    const entry = above.get(fallback.limitId);
    return entry?.fromChain
      ? { limitId: fallback.limitId, ...inCurrency(entry.limit, currency) }
      : { ...fallback };
  });
}

/**
 * Writes an account's new limits after checking each lies inside its parent's (the spec's aboveUplineLimit with
 * the field); an upline level's lowered limits then clamp every account below it. Returns the target's rows
 * before and the accounts the clamp changed. Runs in the caller's transaction.
 */
export async function writeLimits(
  trx: Executor,
  target: AccountRow,
  inputs: readonly (Omit<LimitValues, 'maxPerMatch'> & { maxPerMatch: bigint | null | undefined })[],
): Promise<{ before: LimitValues[]; after: LimitValues[]; clamped: ClampedAccount[] }> {
  await uplineRepository.lockShared(trx, ancestorsOf(target));
  const ceiling = await ceilingOf(trx, target);
  const own = await ownLimitsOf(trx, target);
  const before: LimitValues[] = [];
  const after: LimitValues[] = [];
  for (const input of inputs) {
    const parent = ceiling.get(input.limitId);
    if (!parent) throw new AppError('invalid_request', { field: 'limits' });
    const current = own.get(input.limitId);
    // Not given: the per-match cap in force stays (a new row takes its parent's).
    const maxPerMatch =
      input.maxPerMatch !== undefined
        ? input.maxPerMatch
        : current
          ? current.limit.maxPerMatch
          : parent.maxPerMatch;
    const next: LimitValues = { ...input, maxPerMatch };
    const outside = limitOutside(next, parent);
    if (outside) throw new AppError('aboveUplineLimit', { field: `limits.${outside}` });
    if (current) before.push({ limitId: input.limitId, ...current.limit });
    after.push(next);
  }
  await repo.upsertBetLimits(trx, String(target.id), after);
  const clamped = target.level === 'member' ? [] : await clampBelow(trx, target, after);
  return { before, after, clamped };
}

/**
 * Pulls every account below `top` inside its parent's limits for the given ids, parents before children (an
 * upline level without its own row passes its parent's down). Writes the changed rows and bumps the changed
 * accounts' profile versions (betting's limit cache is keyed by it); returns what changed, for the audit.
 */
async function clampBelow(
  trx: Executor,
  top: AccountRow,
  changed: readonly LimitValues[],
): Promise<ClampedAccount[]> {
  const below = await uplineRepository.accountsBelow(trx, top.path, String(top.id), MAX_DOWNLINE);
  if (below.length === 0) return [];
  const rows = await repo.betLimitsOf(
    trx,
    below.map((account) => account.id),
  );
  // Per account, the limits it passes down (MYR): the top's new ones, then each level's own (clamped) rows.
  const passed = new Map<string, Map<string, ChainLimit>>([
    [String(top.id), new Map(changed.map((limit) => [limit.limitId, limit]))],
  ]);
  const out: ClampedAccount[] = [];
  for (const account of below) {
    const fromParent = passed.get(account.parent_id);
    if (!fromParent) continue;
    const ownRows = new Map((rows.get(account.id) ?? []).map((row) => [row.limit_id, fromRow(row)]));
    const mine = new Map<string, ChainLimit>();
    const change: ClampedAccount = { account, before: [], after: [] };
    for (const [limitId, parentLimit] of fromParent) {
      const current = ownRows.get(limitId);
      const bound =
        account.level === 'member' ? inCurrency(parentLimit, memberCurrency(account)) : parentLimit;
      const next = current ? clampLimit(current, bound) : undefined;
      mine.set(limitId, next ?? parentLimit);
      if (current && next && !sameLimit(current, next)) {
        change.before.push({ limitId, ...current });
        change.after.push({ limitId, ...next });
      }
    }
    if (account.level !== 'member') passed.set(account.id, mine);
    if (change.after.length > 0) out.push(change);
  }
  for (const change of out) await repo.upsertBetLimits(trx, change.account.id, change.after);
  await uplineRepository.bumpProfiles(
    trx,
    out.map((change) => change.account.id),
  );
  return out;
}

function memberCurrency(account: { currency: string | null }): Currency {
  const currency = CURRENCIES.find((known) => known === account.currency);
  if (!currency) throw new AppError('invalid_request', { field: 'account_id' });
  return currency;
}

/** A limit as the calls and the audit show it (decimal strings). */
export function limitFacts(limit: LimitValues) {
  return {
    id: limit.limitId,
    min: formatMinor(limit.min),
    max: formatMinor(limit.max),
    max_payout: formatMinor(limit.maxPayout),
    max_per_match: limit.maxPerMatch === null ? null : formatMinor(limit.maxPerMatch),
  };
}
