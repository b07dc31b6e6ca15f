import { biggestLiabilities, forecastByMargin, type MatchResult, type Score } from '@sb/domain';
import type { TradeForecastReply } from '@sb/contract';
import type { AppContext } from '../../context';
import type { AccountRow } from '../../db/schema';
import { groupBy } from '../../lib/group-by';
import { AppError } from '../../lib/app-error';
import { formatMinor } from '../../lib/money';
import { toForecastRow, type SettlementService } from '../settlement/service';
import { FORECAST_BETS_MAX, riskRepository as repo } from './repository';

/**
 * The trading desk's risk views (issue 18, part 6). The forecast values every open bet on a match at each
 * reachable final score with settlement's own arithmetic (SettlementService.forecastOf) and reduces the grid per
 * goal difference with the domain's forecastByMargin; the biggest liabilities are the domain's too.
 */
export class RiskService {
  constructor(
    private readonly ctx: AppContext,
    private readonly settlement: SettlementService,
  ) {}

  async forecast(
    caller: AccountRow,
    input: { match_id: number; extra_goals: number; top: number },
  ): Promise<TradeForecastReply> {
    const matchId = String(input.match_id);
    const match = await repo.match(this.ctx.db, matchId);
    if (!match) throw new AppError('matchHide', { field: 'match_id' });
    const read = await repo.openBets(
      this.ctx.db,
      { id: String(caller.id), path: caller.path },
      matchId,
      FORECAST_BETS_MAX + 1,
    );
    const bets = read.slice(0, FORECAST_BETS_MAX);
    const legsByBet = groupBy(
      await repo.legsOf(
        this.ctx.db,
        bets.map((bet) => bet.id),
      ),
      (leg) => leg.bet_id,
    );
    const current: Score = { home: match.home_score, away: match.away_score };
    const halfTime: Score | null =
      match.ht_home === null || match.ht_away === null ? null : { home: match.ht_home, away: match.ht_away };
    // forecastByMargin hands every bet the same score object of a cell: one result per score.
    const resultsByScore = new WeakMap<Score, MatchResult>();
    const resultAt = (final: Score): MatchResult => {
      let result = resultsByScore.get(final);
      if (!result) {
        result = { status: 'completed', fullTime: final, ...(halfTime ? { halfTime } : {}) };
        resultsByScore.set(final, result);
      }
      return result;
    };
    let valued = 0;
    const currencies = [...groupBy(bets, (bet) => bet.currency).entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([currency, group]) => {
        const valuations = this.settlement.bookForecast(
          group.map((bet) => toForecastRow(bet, legsByBet.get(bet.id) ?? [])),
          matchId,
        );
        const entries = valuations.map((valuation) => {
          let decided = false;
          return {
            bets: valuation.bets.length,
            at: (final: Score) => {
              const book = valuation.at(resultAt(final));
              if (book !== null && !decided) {
                decided = true;
                valued += valuation.bets.length;
              }
              return book;
            },
          };
        });
        const rows = forecastByMargin(entries, current, { extraGoals: input.extra_goals });
        const items = group.flatMap((bet) =>
          (legsByBet.get(bet.id) ?? [])
            .filter((leg) => leg.match_id === matchId && leg.outcome === null)
            .map((leg) => ({
              key: JSON.stringify([leg.kind, leg.period, leg.line, leg.selection]),
              stakeMinor: bet.risk,
              payoutMinor: bet.max_payout,
            })),
        );
        return {
          currency,
          bets: group.length,
          stake: formatMinor(group.reduce((acc, bet) => acc + bet.risk, 0n)),
          rows: rows.map((row) => ({
            margin: row.margin,
            likely: row.likely,
            book: formatMinor(row.bookAtLikely),
            worst: formatMinor(row.worst),
            worst_score: row.worstScore,
            best: formatMinor(row.best),
            best_score: row.bestScore,
            undecided: row.undecided,
          })),
          liabilities: biggestLiabilities(items, input.top).map((liability) => {
            const [kind, period, line, selection] = JSON.parse(liability.key) as string[];
            return {
              kind: kind ?? '',
              period: period ?? '',
              line: line ?? '',
              selection: selection ?? '',
              bets: liability.bets,
              stake: formatMinor(liability.stakeMinor),
              payout: formatMinor(liability.payoutMinor),
              book_if_wins: formatMinor(-liability.netMinor),
            };
          }),
        };
      });
    return {
      match_id: Number(match.id),
      home: match.home,
      away: match.away,
      state: match.state,
      live: match.is_live,
      score: current,
      half_time: halfTime,
      extra_goals: input.extra_goals,
      bets: valued,
      excluded: bets.length - valued,
      truncated: read.length > FORECAST_BETS_MAX,
      currencies,
    };
  }
}
