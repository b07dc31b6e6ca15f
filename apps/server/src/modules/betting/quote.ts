import type { BetPick, MmoPick } from '@sb/contract';
import {
  checkParlayLegs,
  formatMyanmarLine,
  fromMinorUnits,
  myanmarOddsAllowed,
  toMinorUnits,
} from '@sb/domain';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { AccountService } from '../account/service';
import type { MarketSnapshot } from '../catalog/snapshot';
import { matchScope } from './exposure';
import type { MemberLimits } from './limits';
import { resolveMyanmarPick } from './myanmar';
import { resolvePick } from './pricing';
import { betRepository as repo } from './repository';

/**
 * The quotes (betcheck and its kin): what a pick costs now in the member's odds type and what they may stake,
 * before anything is written.
 */
export class BetQuotes {
  constructor(
    private readonly ctx: AppContext,
    private readonly accounts: AccountService,
    private readonly snapshot: MarketSnapshot,
    private readonly limits: MemberLimits,
  ) {}

  /** betcheck: the price now in the member's odds type, the stake limits and the max payout for one pick. */
  async check(input: { account_id: string; session_token: string; odds_type: string } & BetPick) {
    const session = await this.accounts.requireSession(input);
    const pick = resolvePick(this.snapshot, input, input.odds_type);
    const limits = await this.limits.limitsFor(session, [String(pick.match.sportId)]);
    // A member with a per-match cap sees the room left on this match: what they may still stake on it.
    let matchRoom: bigint | null = null;
    if (limits.maxPerMatch !== null) {
      const scope = matchScope(pick.match.id);
      const [row] = await repo.exposureOf(
        this.ctx.db,
        String(session.account.id),
        session.account.currency ?? '',
        [{ scope, sportId: null }],
      );
      const staked = row ? BigInt(row.total) : 0n;
      matchRoom = limits.maxPerMatch > staked ? limits.maxPerMatch - staked : 0n;
    }
    const max = toMinorUnits(limits.max);
    return {
      market_id: pick.market.id,
      selection: pick.selection,
      odds: pick.current,
      odds_changed: pick.current !== input.odds,
      min_stake: limits.min,
      max_stake: matchRoom !== null && matchRoom < max ? fromMinorUnits(matchRoom) : limits.max,
      max_per_match_left: matchRoom === null ? null : fromMinorUnits(matchRoom),
      max_payout: limits.maxPayout,
      live: pick.match.live,
    };
  }

  /** betcheckmultispecial: every pick's price now, plus the parlay's combined limits and leg check. */
  async checkMulti(input: {
    account_id: string;
    session_token: string;
    odds_type: string;
    picks: BetPick[];
  }) {
    const session = await this.accounts.requireSession(input);
    const picks = input.picks.map((pick) => resolvePick(this.snapshot, pick, input.odds_type));
    const limits = await this.limits.limitsFor(session, ['parlay']);
    const legs = checkParlayLegs(
      'mix',
      picks.map((p) => ({ matchId: p.match.id, live: p.match.live })),
    );
    return {
      picks: picks.map((p, i) => ({
        market_id: p.market.id,
        selection: p.selection,
        odds: p.current,
        odds_changed: p.current !== input.picks[i]?.odds,
      })),
      parlay_ok: legs.ok,
      parlay_code: legs.ok ? null : legs.code,
      min_stake: limits.min,
      max_stake: limits.max,
      max_payout: limits.maxPayout,
    };
  }

  /** betmmoclick: a Myanmar price's current line and the member's Myanmar limits. */
  async mmoClick(input: { account_id: string; session_token: string } & MmoPick) {
    const session = await this.accounts.requireSession(input);
    if (!myanmarOddsAllowed(session.account.currency ?? '')) throw new AppError('invalidCurrency');
    const pick = resolveMyanmarPick(this.snapshot, input);
    const limits = await this.limits.limitsFor(session, ['mmo']);
    return {
      market_id: pick.market.id,
      selection: pick.selection,
      side: pick.side,
      line: formatMyanmarLine(pick.current),
      line_changed: formatMyanmarLine(pick.current) !== input.line,
      min_stake: limits.min,
      max_stake: limits.max,
      max_payout: limits.maxPayout,
    };
  }
}
