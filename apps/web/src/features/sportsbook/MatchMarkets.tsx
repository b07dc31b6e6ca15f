import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MatchListReply } from '@sb/contract';
import type { TFunction } from 'i18next';
import { isDrawKind, type OddsFormat } from '@sb/domain';
import { post } from '../../shared/api/client';
import { QueryView } from '../../shared/ui/QueryView';
import {
  CellLabelsContext,
  MarketPrices,
  MyanmarCell,
  drawMarketTitle,
  selectionLabel,
  useCellLabels,
} from './cells';
import { KenoPickPad } from './KenoPickPad';
import { toMarket, useMarkets } from './markets';
import styles from './sportsbook.module.css';

/** The order markets are listed in: the main kinds first, then the specials. */
const KIND_ORDER = [
  'hdp',
  'ou',
  '1x2',
  'oe',
  'ml',
  'dc',
  'cs',
  'htft',
  'fglg',
  'tg',
  'eg',
  'tw',
  'outright',
  // Our own draws: keno's sum and count market and pick 1-10, the number game's D_1..D_6.
  'keno',
  'keno_pick',
  'd1',
  'd2',
  'd3',
  'd4',
  'd5',
  'd6',
];
const PERIOD_ORDER = ['ft', '1h', '2h'];

interface MatchGroup {
  matchId: number;
  name: string;
  markets: { id: number; kind: string; period: string; line: string }[];
}

/** Every open market of a match and its child matches (uxmatch; uxmoremmo for the Myanmar view). */
export function useMatchMarkets(matchId: number, oddsCode: string) {
  return useQuery({
    queryKey: ['cache', 'uxmatch', matchId, oddsCode],
    staleTime: 15_000,
    queryFn: async ({ signal }): Promise<MatchGroup[]> => {
      const reply =
        oddsCode === '5'
          ? await post<MatchListReply>('uxmoremmo', { match_id: matchId, odds_type: '5' }, { signal })
          : await post<MatchListReply>('uxmatch', { match_id: matchId, odds_type: oddsCode }, { signal });
      const matches = reply.matches ?? [];
      const odds = reply.odds ?? [];
      useMarkets.getState().load({ matches, odds });
      return matches.map((row) => ({
        matchId: row[0],
        name: `${row[2]} - ${row[3]}`,
        markets: odds
          .map(toMarket)
          .filter((market) => market.matchId === row[0])
          .sort(
            (a, b) =>
              KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) ||
              PERIOD_ORDER.indexOf(a.period) - PERIOD_ORDER.indexOf(b.period) ||
              Number(b.main) - Number(a.main) ||
              a.id - b.id,
          )
          .map(({ id, kind, period, line }) => ({ id, kind, period, line })),
      }));
    },
  });
}

/** A market's heading: period and kind; a draw's market is named by its game or digit code (no period). */
function marketTitle(t: TFunction, kind: string, period: string): string {
  if (isDrawKind(kind)) return drawMarketTitle(t, kind);
  return `${t(`sportsbook.period.${periodKey(period)}`)} ${t(`sportsbook.kind.${kindKey(kind)}`)}`;
}

const kindKey = (kind: string) => (KIND_ORDER.includes(kind) ? kind : 'hdp') as 'hdp';
const periodKey = (period: string) => (period === '1h' ? '1h' : 'ft');

/** The markets of a match, expanded in place under its row or in the live centre. */
export function MatchMarkets({
  matchId,
  oddsCode,
  format,
}: {
  matchId: number;
  oddsCode: string;
  format: OddsFormat;
}) {
  const { t } = useTranslation();
  const query = useMatchMarkets(matchId, oddsCode);
  const labels = useCellLabels();
  return (
    <CellLabelsContext.Provider value={labels}>
      <QueryView query={query} isEmpty={(groups) => groups.length === 0} rows={3}>
        {(groups) => (
          <div className={styles.matchMarkets} data-testid={`match-markets-${matchId}`}>
            {groups.map((group) => (
              <section key={group.matchId} className={styles.marketGroup}>
                {group.matchId !== matchId && <h3 className={styles.groupTitle}>{group.name}</h3>}
                <div className={styles.marketGrid}>
                  {group.markets.map((market) => (
                    <div key={market.id} className={styles.marketBox}>
                      <div className={styles.marketHead}>{marketTitle(t, market.kind, market.period)}</div>
                      {market.kind === 'keno_pick' ? (
                        <KenoPickPad marketId={market.id} />
                      ) : oddsCode === '5' && (market.kind === 'hdp' || market.kind === 'ou') ? (
                        <div className={styles.prices}>
                          {(market.kind === 'hdp' ? ['h', 'a'] : ['o', 'u']).map((key) => (
                            <div key={key} className={styles.pick}>
                              <span className={styles.line}>{selectionLabel(t, market.kind, key)}</span>
                              <MyanmarCell marketId={market.id} selection={key} />
                            </div>
                          ))}
                        </div>
                      ) : (
                        <MarketPrices marketId={market.id} format={format} />
                      )}
                    </div>
                  ))}
                </div>
              </section>
            ))}
          </div>
        )}
      </QueryView>
    </CellLabelsContext.Provider>
  );
}
