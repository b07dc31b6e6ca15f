import { compareOdds, convertOdds, drawPriceKey, formatMyanmarLine, type OddsFormat } from '@sb/domain';
import type { AppContext } from '../../context';
import { accountRecords } from '../account/service';
import type { MarketSnapshot } from '../catalog/snapshot';
import { myanmarView } from '../markets/format';
import { exposureOfBet } from './exposure';
import { notifyBet } from './notify';
import { betRepository as repo } from './repository';

/** Bound per acceptor pass: a backlog is worked through in slices. */
const ACCEPT_BATCH = 100;

/**
 * The live-bet acceptor: a waiting live bet is accepted when its delay is over, or rejected and refunded when
 * anything happened to its match or price in between. Run as a job in every process (rows are locked, skipped).
 */
export class LiveBetAcceptor {
  constructor(
    private readonly ctx: AppContext,
    private readonly snapshot: MarketSnapshot,
  ) {}

  /** Decides waiting live bets whose delay is over. */
  async acceptDue(): Promise<{ accepted: number; rejected: number }> {
    const decided = { accepted: 0, rejected: 0 };
    /** The members whose bets were decided, and the matches of those bets. */
    const members = new Map<string, string[]>();
    await this.ctx.db.transaction().execute(async (trx) => {
      const due = await repo.lockDueWaiting(trx, this.ctx.now(), ACCEPT_BATCH);
      if (due.length === 0) return;
      const legs = await repo.legsOf(
        trx,
        due.map((bet) => bet.id),
      );
      for (const bet of due) {
        const reason = legs
          .filter((leg) => String(leg.bet_id) === bet.id)
          .map((leg) => this.changedSince(leg))
          .find((r) => r !== null);
        if (reason) {
          await this.ctx.ledger.void(trx, {
            transferId: `reject:${bet.ref_no}`,
            reservationId: bet.reservation_id,
            ref: bet.ref_no,
          });
          await repo.setStatus(trx, bet.id, 'rejected', reason);
          // A rejected bet is no longer open on its match and pays nothing: its running totals go back.
          const mine = legs.filter((leg) => String(leg.bet_id) === bet.id);
          await repo.releaseExposure(trx, bet.account_pk, exposureOfBet(bet, mine));
          decided.rejected += 1;
        } else {
          await repo.setStatus(trx, bet.id, 'running', null);
          decided.accepted += 1;
        }
        const matches = members.get(bet.account_pk) ?? [];
        for (const leg of legs) if (String(leg.bet_id) === bet.id) matches.push(String(leg.match_id));
        members.set(bet.account_pk, matches);
      }
    });
    for (const [pk, matches] of members) {
      const account = await accountRecords.findByPk(this.ctx.db, pk);
      if (account) await notifyBet(this.ctx, account, undefined, matches);
    }
    return decided;
  }

  /** Why a waiting live leg must be rejected, or null: goal, red card, period, state, suspension or price move. */
  private changedSince(leg: {
    match_id: string;
    market_id: string;
    selection: string;
    decimal_odds: string;
    live: boolean;
    home_score: number | null;
    away_score: number | null;
    live_period: string | null;
    red_cards: string | null;
    kind: string;
    format: string;
    odds: string;
  }): string | null {
    if (!leg.live) return null;
    const match = this.snapshot.matches.get(Number(leg.match_id));
    if (!match || match.state !== 0) return 'matchState';
    if (match.score[0] !== leg.home_score || match.score[1] !== leg.away_score) return 'goal';
    if (match.red.join('-') !== leg.red_cards) return 'redCard';
    if (match.period !== leg.live_period) return 'period';
    const market = this.snapshot.marketById(Number(leg.market_id));
    if (!market || market.status !== 'open') return 'suspended';
    const key = drawPriceKey(market.kind, leg.selection);
    const price = key === null ? undefined : market.prices[key];
    if (price === undefined) return 'suspended';
    if (leg.format === 'MM') {
      const view = myanmarView(market, (decimal) => convertOdds(decimal, 'DEC', 'MY', 2));
      return view && formatMyanmarLine({ ball: view[0], percent: view[1] }) === leg.odds
        ? null
        : 'priceMoved';
    }
    // A move the member would see in their own format is a price change.
    const format = leg.format as OddsFormat;
    const now = format === 'DEC' ? price : convertOdds(price, 'DEC', format, 2);
    return compareOdds(now, leg.odds, format) === 0 ? null : 'priceMoved';
  }
}
