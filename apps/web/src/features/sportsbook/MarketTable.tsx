import { memo, useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MatchListReply } from '@sb/contract';
import type { OddsFormat } from '@sb/domain';
import { post } from '../../shared/api/client';
import { useFormat } from '../../shared/format';
import { subscribeMarkets } from '../../shared/session/push';
import { usePushStatus } from '../../shared/session/pushStatus';
import { QueryView } from '../../shared/ui/QueryView';
import { useSlip } from './betslip';
import {
  COLUMN_KINDS,
  PERIODS,
  SELECTIONS,
  pageOf,
  priceFormat,
  useMarkets,
  type ColumnKind,
  type MarketPage,
  type MenuTab,
  type Period,
} from './markets';
import styles from './sportsbook.module.css';

export const PAGE_SIZE = 30;

/** The line as the books show it: a handicap on the giving side (home when negative), a total on over. */
export function lineFor(kind: string, line: string, selection: string): string {
  if (kind === 'hdp') {
    const value = Number(line);
    if (!Number.isFinite(value)) return '';
    if (value === 0) return selection === 'h' ? '0' : '';
    const giving = value < 0 ? 'h' : 'a';
    return selection === giving ? line.replace(/^[-+]/, '') : '';
  }
  if (kind === 'ou') return selection === 'o' ? line : '';
  return '';
}

/** One price: re-renders only when its own price, status or move changes; flashes on a move. */
const PriceCell = memo(function PriceCell({
  marketId,
  selection,
  format,
}: {
  marketId: number;
  selection: string;
  format: OddsFormat;
}) {
  const { t } = useTranslation();
  const price = useMarkets((state) => state.markets[marketId]?.prices[selection]);
  const open = useMarkets((state) => state.markets[marketId]?.open ?? false);
  const move = useMarkets((state) => state.markets[marketId]?.moves[selection]);
  const picked = useSlip((state) =>
    state.tab === 'single'
      ? state.single?.marketId === marketId && state.single.selection === selection
      : Object.values(state.parlay).some(
          (pick) => pick.marketId === marketId && pick.selection === selection,
        ),
  );
  if (price === undefined) return <span className={styles.price} />;
  if (!open) {
    return (
      <span className={`${styles.price} ${styles.locked}`} data-testid={`price-${marketId}-${selection}`}>
        <span aria-hidden="true">🔒</span>
        <span className="sb-visually-hidden">{t('sportsbook.suspended')}</span>
      </span>
    );
  }
  const add = () => {
    const market = useMarkets.getState().markets[marketId];
    const match = market ? useMarkets.getState().matches[market.matchId] : undefined;
    if (!market || !match) return;
    useSlip.getState().add({
      marketId,
      matchId: market.matchId,
      selection,
      odds: market.prices[selection] ?? price,
      format: priceFormat(market.kind, format),
      kind: market.kind,
      period: market.period,
      line: market.line,
      home: match.home,
      away: match.away,
    });
  };
  const flash = move ? (move.dir > 0 ? styles.up : styles.down) : '';
  return (
    <button
      type="button"
      key={move?.at ?? 0}
      className={`${styles.price} ${price.startsWith('-') ? styles.negative : ''} ${flash} ${picked ? styles.picked : ''}`}
      data-testid={`price-${marketId}-${selection}`}
      onClick={add}
    >
      {price}
    </button>
  );
});

const LineCell = memo(function LineCell({ marketId, selection }: { marketId: number; selection: string }) {
  const kind = useMarkets((state) => state.markets[marketId]?.kind ?? '');
  const line = useMarkets((state) => state.markets[marketId]?.line ?? '');
  return <span className={styles.line}>{lineFor(kind, line, selection)}</span>;
});

function MarketCell({ marketId, kind, format }: { marketId?: number; kind: ColumnKind; format: OddsFormat }) {
  const { t } = useTranslation();
  if (marketId === undefined) return <td className={styles.cell} />;
  return (
    <td className={styles.cell}>
      {SELECTIONS[kind].map((selection) => (
        <div key={selection} className={styles.pick}>
          {kind === '1x2' ? (
            <span className={styles.line}>{selection.toUpperCase()}</span>
          ) : kind === 'ou' && selection === 'u' ? (
            <span className={styles.line}>{t('sportsbook.under')}</span>
          ) : (
            <LineCell marketId={marketId} selection={selection} />
          )}
          <PriceCell marketId={marketId} selection={selection} format={format} />
        </div>
      ))}
    </td>
  );
}

const MatchRow = memo(function MatchRow({
  matchId,
  columns,
  format,
  early,
}: {
  matchId: number;
  columns: MarketPage['columns'][number] | undefined;
  format: OddsFormat;
  early: boolean;
}) {
  const fmt = useFormat();
  const match = useMarkets((state) => state.matches[matchId]);
  if (!match) return null;
  return (
    <tr data-testid={`match-row-${matchId}`}>
      <td className={styles.when}>
        {match.live ? (
          <>
            <span className={styles.score}>
              {match.score[0]}-{match.score[1]}
            </span>
            <span className={styles.minute}>
              {match.period ? `${match.period.toUpperCase()} ` : ''}
              {match.minute}&apos;
            </span>
          </>
        ) : (
          <span>{early ? fmt.dateTime(match.kickoff) : fmt.time(match.kickoff)}</span>
        )}
      </td>
      <td className={styles.teams}>
        <div>
          {match.home}
          {match.red[0] > 0 && <span className={styles.red}>{match.red[0]}</span>}
        </div>
        <div>
          {match.away}
          {match.red[1] > 0 && <span className={styles.red}>{match.red[1]}</span>}
        </div>
      </td>
      {PERIODS.map((period: Period) =>
        COLUMN_KINDS.map((kind) => (
          <MarketCell
            key={`${period}-${kind}`}
            marketId={columns?.[`${period}-${kind}`]}
            kind={kind}
            format={format}
          />
        )),
      )}
    </tr>
  );
});

/** Patches the odds store from the sport's market topic while the screen shows it. */
export function useLiveTicks(sportId: number | null, format: OddsFormat): void {
  useEffect(() => {
    if (sportId === null) return;
    return subscribeMarkets([`sport:${sportId}`], (change) => useMarkets.getState().patch(change, format));
  }, [sportId, format]);
}

/** The match list of one sport and menu (keyed by both, so paging restarts): leagues with their matches and the FT and 1H hdp, o/u and 1x2. */
export function MarketTable({
  sportId,
  menu,
  oddsCode,
  format,
}: {
  sportId: number;
  menu: MenuTab;
  oddsCode: string;
  format: OddsFormat;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const connected = usePushStatus((state) => state.connected);
  const query = useQuery({
    queryKey: ['cache', 'uxmarket', sportId, menu, oddsCode, page],
    queryFn: async ({ signal }) => {
      const reply = await post<MatchListReply>(
        'uxmarket',
        {
          sport_id: sportId,
          menu,
          market_type: 'hdpou',
          odds_type: oddsCode === '5' ? '1' : oddsCode,
          sort: '1',
          page,
          page_size: PAGE_SIZE,
        },
        { signal },
      );
      useMarkets.getState().load({ matches: reply.matches ?? [], odds: reply.odds ?? [] });
      return pageOf({
        leagues: reply.leagues ?? [],
        matches: reply.matches ?? [],
        odds: reply.odds ?? [],
        total: Number(reply.total ?? 0),
        page: Number(reply.page ?? page),
      });
    },
    placeholderData: keepPreviousData,
    staleTime: 15_000,
    // The socket keeps prices fresh; without it the list refreshes itself.
    refetchInterval: connected ? false : 30_000,
  });
  const pages = Math.max(1, Math.ceil((query.data?.total ?? 0) / PAGE_SIZE));
  return (
    <QueryView query={query} isEmpty={(data) => data.leagues.length === 0} empty={t('sportsbook.noMatches')}>
      {(data) => (
        <>
          <div className={styles.tableWrap}>
            <table className={styles.table} data-testid="market-table">
              <thead>
                <tr>
                  <th scope="col">{t('sportsbook.time')}</th>
                  <th scope="col">{t('sportsbook.event')}</th>
                  {PERIODS.map((period) =>
                    COLUMN_KINDS.map((kind) => (
                      <th scope="col" key={`${period}-${kind}`}>
                        {t(`sportsbook.period.${period}`)} {t(`sportsbook.kind.${kind}`)}
                      </th>
                    )),
                  )}
                </tr>
              </thead>
              {data.leagues.map((league) => (
                <tbody key={league.id} data-testid={`league-${league.id}`}>
                  <tr className={styles.league}>
                    <th scope="rowgroup" colSpan={2 + PERIODS.length * COLUMN_KINDS.length}>
                      {league.name}
                    </th>
                  </tr>
                  {league.matchIds.map((matchId) => (
                    <MatchRow
                      key={matchId}
                      matchId={matchId}
                      columns={data.columns[matchId]}
                      format={format}
                      early={menu === 'early'}
                    />
                  ))}
                </tbody>
              ))}
            </table>
          </div>
          {pages > 1 && (
            <nav className={styles.pager} aria-label={t('sportsbook.paging')}>
              <button
                type="button"
                className="sb-button sb-button--ghost"
                disabled={page <= 1}
                onClick={() => setPage(page - 1)}
                data-testid="market-prev"
              >
                {t('sportsbook.prev')}
              </button>
              <span data-testid="market-page">{t('sportsbook.pageOf', { page, pages })}</span>
              <button
                type="button"
                className="sb-button sb-button--ghost"
                disabled={page >= pages}
                onClick={() => setPage(page + 1)}
                data-testid="market-next"
              >
                {t('sportsbook.next')}
              </button>
            </nav>
          )}
        </>
      )}
    </QueryView>
  );
}
