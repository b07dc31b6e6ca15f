import { fromMinorUnits, strictestLimits, type BetLimits } from '@sb/domain';
import type { AppContext } from '../../context';
import type { BetLimitRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { GroupLoader } from '../../lib/group-loader';
import { accountRecords, type MemberSession } from '../account/service';

export type MemberBetLimits = BetLimits & { maxPerMatch: bigint | null };

/** Bound on each remembered map (cleared whole when crossed: a plain bound, rebuilt on demand). */
const CACHE_MAX = 50_000;

/**
 * A member's bet limits for a set of limit ids (sports, 'parlay', 'sysparlay', 'mmo'), shared by the quotes and
 * the placement. Rows are remembered by account and profile version: any change of limits bumps the version
 * (setbetlimits does), so a remembered copy is exact until then, and the hot path skips a read.
 */
export class MemberLimits {
  private readonly limitCache = new Map<string, Map<string, BetLimitRow>>();
  /** The strictest limits per account, profile version and limit ids, as computed from the rows above. */
  private readonly resolvedLimits = new Map<string, MemberBetLimits>();
  /** Limit reads of concurrent first bets grouped into one round trip. */
  private readonly limitReads: GroupLoader<BetLimitRow[]>;

  constructor(ctx: AppContext) {
    this.limitReads = new GroupLoader((pks) => accountRecords.betLimitsOf(ctx.db, pks));
  }

  async limitsFor(session: MemberSession, ids: string[]): Promise<MemberBetLimits> {
    const cacheKey = `${session.account.id}:${session.account.profile_version}`;
    const resolvedKey = `${cacheKey}:${ids.join(',')}`;
    const known = this.resolvedLimits.get(resolvedKey);
    if (known) return known;
    let byId = this.limitCache.get(cacheKey);
    if (!byId) {
      const rows = (await this.limitReads.load(String(session.account.id))) ?? [];
      byId = new Map(rows.map((row) => [row.limit_id, row]));
      if (this.limitCache.size > CACHE_MAX) this.limitCache.clear();
      this.limitCache.set(cacheKey, byId);
    }
    const chosen = ids.map((id) => byId.get(id) ?? byId.get('0')).filter((row) => row !== undefined);
    if (chosen.length === 0) throw new AppError('memberCommissionNotSetup');
    const perMatch = chosen.map((row) => row.max_per_match).filter((max) => max !== null);
    const limits = {
      ...strictestLimits(
        chosen.map((row) => ({
          min: fromMinorUnits(row.min_bet),
          max: fromMinorUnits(row.max_bet),
          maxPayout: fromMinorUnits(row.max_payout),
        })),
      ),
      maxPerMatch: perMatch.length === 0 ? null : perMatch.reduce((a, b) => (a < b ? a : b)),
    };
    if (this.resolvedLimits.size > CACHE_MAX) this.resolvedLimits.clear();
    this.resolvedLimits.set(resolvedKey, limits);
    return limits;
  }
}
