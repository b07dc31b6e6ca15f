import { lazy, memo, Suspense, useCallback, useContext, useEffect, useMemo, useRef } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import type { OddsFormat } from '@sb/domain';
import { useFormat } from '../../shared/format';
import { subscribeMarkets } from '../../shared/session/push';
import { usePushStatus } from '../../shared/session/pushStatus';
import { useLayout } from '../../shared/settings/store';
import { QueryView, Skeleton } from '../../shared/ui/QueryView';
import { marketListOptions, type ListQuery } from './api/market-list';
import { CellLabelsContext, LineCell, MarketPrices, MyanmarCell, PriceCell, useCellLabels } from './cells';
import { SELECTIONS, useMarkets, type ColumnKind, type MarketPage } from './markets';
import { favouriteKey, useScreen, type MarketView } from './nav';
import styles from './sportsbook.module.css';

export { lineFor } from './cells';
export type { ListQuery } from './api/market-list';

/** A match's other markets open on demand: their code loads with the first one opened. */
const MatchMarkets = lazy(() =>
  import('./MatchMarkets').then((module) => ({ default: module.MatchMarkets })),
);

const HDPOU_COLUMNS: { period: string; kind: ColumnKind }[] = ['ft', '1h'].flatMap((period) =>
  (['hdp', 'ou', '1x2'] as const).map((kind) => ({ period, kind })),
);

const columnsOf = (view: MarketView) =>
  view.code === 'hdpou'
    ? HDPOU_COLUMNS
    : view.periods.flatMap((period) => view.kinds.map((kind) => ({ period, kind })));

/** The list of the query (see api/market-list), refreshed by itself while the socket is down. */
export function useMarketList(query: ListQuery) {
  const connected = usePushStatus((state) => state.connected);
  const autoRefresh = useLayout((state) => state.betting.autoRefreshOdds !== 'false');
  return useQuery({
    ...marketListOptions(query),
    placeholderData: keepPreviousData,
    // The socket keeps prices fresh; without it the list refreshes itself when the setting says so.
    refetchInterval: connected || !autoRefresh ? false : 30_000,
  });
}

/**
 * After the socket comes back, the lists on screen are fetched again (resync): ticks sent while it was down
 * are not replayed to a new socket. The rows stay on screen meanwhile (placeholder data), so nothing flashes.
 */
export function useResyncOnReconnect(): void {
  const client = useQueryClient();
  const connected = usePushStatus((state) => state.connected);
  const was = useRef(connected);
  useEffect(() => {
    if (connected && !was.current) {
      void client.invalidateQueries({ queryKey: ['cache', 'list'] });
      void client.invalidateQueries({ queryKey: ['cache', 'uxmatch'] });
    }
    was.current = connected;
  }, [connected, client]);
}

/**
 * Patches the odds store from the sport's market topic while the screen shows it. Ticks are gathered and
 * applied once per animation frame: a burst of 200 ticks a second is a few store updates, each re-rendering
 * only the cells whose price changed.
 */
export function useLiveTicks(topics: readonly string[], format: OddsFormat): void {
  const key = topics.join(',');
  useEffect(() => {
    if (key === '') return;
    let queue: unknown[] = [];
    let frame: number | null = null;
    const schedule =
      typeof requestAnimationFrame === 'function'
        ? requestAnimationFrame
        : (callback: () => void) => setTimeout(callback, 16) as unknown as number;
    const cancel = typeof cancelAnimationFrame === 'function' ? cancelAnimationFrame : clearTimeout;
    const flush = () => {
      frame = null;
      const changes = queue;
      queue = [];
      useMarkets.getState().patchMany(changes, format);
    };
    const stop = subscribeMarkets(key.split(','), (change) => {
      // A bounded queue: past 5,000 unapplied ticks the oldest are dropped (a later tick carries the state).
      if (queue.length >= 5_000) queue.shift();
      queue.push(change);
      if (frame === null) frame = schedule(flush);
    });
    return () => {
      stop();
      if (frame !== null) cancel(frame);
    };
  }, [key, format]);
}

function MarketCell({
  marketId,
  kind,
  format,
  myanmar,
}: {
  marketId?: number;
  kind: string;
  format: OddsFormat;
  myanmar: boolean;
}) {
  const labels = useContext(CellLabelsContext);
  if (marketId === undefined) return <td className={styles.cell} />;
  if (kind !== 'hdp' && kind !== 'ou' && kind !== '1x2') {
    return (
      <td className={styles.cell}>
        <MarketPrices marketId={marketId} format={format} />
      </td>
    );
  }
  return (
    <td className={styles.cell}>
      {SELECTIONS[kind].map((selection) => (
        <div key={selection} className={styles.pick}>
          {kind === '1x2' ? (
            <span className={styles.line}>{selection.toUpperCase()}</span>
          ) : kind === 'ou' && selection === 'u' ? (
            <span className={styles.line}>{labels.under}</span>
          ) : myanmar ? (
            <span className={styles.line}>{kind === 'ou' ? labels.over : ''}</span>
          ) : (
            <LineCell marketId={marketId} selection={selection} />
          )}
          {myanmar && kind !== '1x2' ? (
            <MyanmarCell marketId={marketId} selection={selection} />
          ) : (
            <PriceCell marketId={marketId} selection={selection} format={format} />
          )}
        </div>
      ))}
    </td>
  );
}

/** Kick-off (GMT+8) or, live, the score and minute with a button to the live centre. */
function When({ matchId, early }: { matchId: number; early: boolean }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const match = useMarkets((state) => state.matches[matchId]);
  const openLive = useScreen((state) => state.openLiveCentre);
  if (!match) return null;
  if (!match.live) return <span>{early ? fmt.dateTime(match.kickoff) : fmt.time(match.kickoff)}</span>;
  return (
    <button
      type="button"
      className={styles.liveButton}
      onClick={() => openLive(matchId)}
      aria-label={t('sportsbook.openLive', { match: `${match.home} - ${match.away}` })}
      data-testid={`open-live-${matchId}`}
    >
      <span className={styles.score}>
        {match.score[0]}-{match.score[1]}
      </span>
      <span className={styles.minute}>
        {match.period && match.period !== 'pre' ? `${match.period.toUpperCase()} ` : ''}
        {match.minute}&apos;
      </span>
    </button>
  );
}

const MatchRow = memo(function MatchRow({
  matchId,
  columns,
  view,
  format,
  myanmar,
  early,
  more,
  index,
  measure,
  height,
}: {
  matchId: number;
  columns: MarketPage['columns'][number] | undefined;
  view: MarketView;
  format: OddsFormat;
  myanmar: boolean;
  early: boolean;
  more: number;
  index: number;
  /** Rows of unknown height are measured; fixed ones carry their height. */
  measure?: (node: Element | null) => void;
  height?: number;
}) {
  const { t } = useTranslation();
  const home = useMarkets((state) => state.matches[matchId]?.home);
  const away = useMarkets((state) => state.matches[matchId]?.away);
  const red = useMarkets((state) => state.matches[matchId]?.red);
  const favourite = useLayout((state) => state.favourites.includes(favouriteKey(matchId)));
  const expanded = useScreen((state) => state.expanded === matchId);
  const toggle = useScreen((state) => state.toggleExpanded);
  if (home === undefined || away === undefined) return null;
  const name = `${home} - ${away}`;
  const toggleFavourite = () => {
    const { favourites, setMenus } = useLayout.getState();
    const key = favouriteKey(matchId);
    setMenus({
      favourites: favourites.includes(key) ? favourites.filter((held) => held !== key) : [...favourites, key],
    });
  };
  return (
    <tr
      data-testid={`match-row-${matchId}`}
      data-index={index}
      ref={measure}
      style={height ? { height } : undefined}
    >
      <td className={styles.when}>
        <When matchId={matchId} early={early} />
      </td>
      <td className={styles.teams}>
        <div>
          {home}
          {red && red[0] > 0 && <span className={styles.red}>{red[0]}</span>}
        </div>
        <div>
          {away}
          {red && red[1] > 0 && <span className={styles.red}>{red[1]}</span>}
        </div>
        <div className={styles.rowTools}>
          <button
            type="button"
            className={`${styles.star} ${favourite ? styles.starOn : ''}`}
            aria-pressed={favourite}
            aria-label={t(favourite ? 'sportsbook.removeFavourite' : 'sportsbook.addFavourite', {
              match: name,
            })}
            onClick={toggleFavourite}
            data-testid={`favourite-${matchId}`}
          >
            {favourite ? '★' : '☆'}
          </button>
          {more > 0 && (
            <button
              type="button"
              className={styles.more}
              aria-expanded={expanded}
              aria-label={t('sportsbook.moreTitle', { match: name })}
              onClick={() => toggle(matchId)}
              data-testid={`more-${matchId}`}
            >
              {t('sportsbook.more', { count: more })}
            </button>
          )}
        </div>
      </td>
      {columnsOf(view).map(({ period, kind }) => (
        <MarketCell
          key={`${period}-${kind}`}
          marketId={columns?.[`${period}-${kind}`]}
          kind={kind}
          format={format}
          myanmar={myanmar}
        />
      ))}
    </tr>
  );
});

/**
 * The double-line page type's second row of a match: the alternative handicap and over/under lines (the
 * nearest to the main ones), priced and clickable like the main row.
 */
const AlternateRow = memo(function AlternateRow({
  matchId,
  columns,
  view,
  format,
  myanmar,
  index,
  measure,
  height,
}: {
  matchId: number;
  columns: MarketPage['alternates'][number] | undefined;
  view: MarketView;
  format: OddsFormat;
  myanmar: boolean;
  index: number;
  measure?: (node: Element | null) => void;
  height?: number;
}) {
  return (
    <tr
      className={styles.alternate}
      data-testid={`alternate-row-${matchId}`}
      data-index={index}
      ref={measure}
      style={height ? { height } : undefined}
    >
      <td className={styles.when} />
      <td className={styles.teams} />
      {columnsOf(view).map(({ period, kind }) => (
        <MarketCell
          key={`${period}-${kind}`}
          marketId={columns?.[`${period}-${kind}`]}
          kind={kind}
          format={format}
          myanmar={myanmar}
        />
      ))}
    </tr>
  );
});

/** Markets a match has beyond the ones its rows show, and its child matches: what 'more' opens. */
const moreOf = (page: MarketPage, matchId: number, doubleLine: boolean): number =>
  Math.max(
    0,
    (page.more[matchId] ?? 0) -
      Object.keys(page.columns[matchId] ?? {}).length -
      (doubleLine ? Object.keys(page.alternates[matchId] ?? {}).length : 0),
  ) + (page.children[matchId]?.length ?? 0);

/** Row heights in CSS pixels of the league header and of a handicap & over/under match row. */
const LEAGUE_ROW_PX = 28;
const MATCH_ROW_PX = 78;
/** A double-line second row: two price lines (handicap and over/under have no third). */
const ALTERNATE_ROW_PX = 56;

type Row =
  | { type: 'league'; id: number; name: string }
  | { type: 'match'; id: number }
  | { type: 'alternate'; id: number }
  | { type: 'more'; id: number };

/**
 * The rows of the page: leagues with their matches (vanished ones dropped), in the double-line page type each
 * match's alternative lines under it, children and expanded markets.
 */
function rowsOf(
  page: MarketPage,
  gone: Record<number, true>,
  expanded: number | null,
  doubleLine: boolean,
): Row[] {
  const rows: Row[] = [];
  for (const league of page.leagues) {
    const ids = league.matchIds.filter((id) => !gone[id]);
    if (ids.length === 0) continue;
    rows.push({ type: 'league', id: league.id, name: league.name });
    for (const id of ids) {
      rows.push({ type: 'match', id });
      if (doubleLine && page.alternates[id]) rows.push({ type: 'alternate', id });
      // Child matches (specials) are not in the list reply: they open with the match's other markets.
      if (expanded === id) rows.push({ type: 'more', id });
    }
  }
  return rows;
}

/** The virtualised rows of one list page: only the rows in view (and a few more) are in the document. */
function VirtualRows({
  page,
  view,
  format,
  myanmar,
  early,
  oddsCode,
}: {
  page: MarketPage;
  view: MarketView;
  format: OddsFormat;
  myanmar: boolean;
  early: boolean;
  oddsCode: string;
}) {
  const { t } = useTranslation();
  const labels = useCellLabels();
  const scroller = useRef<HTMLDivElement>(null);
  const gone = useMarkets((state) => state.gone);
  const expanded = useScreen((state) => state.expanded);
  // The page type setting: '1' single line (the main lines only), '2' double line (and the next lines).
  const doubleLine = useLayout((state) => state.pageDisplay.pageType !== '1');
  const rows = useMemo(() => rowsOf(page, gone, expanded, doubleLine), [page, gone, expanded, doubleLine]);
  const columns = columnsOf(view);
  const span = 2 + columns.length;
  // Handicap & over/under rows have one height (three price lines): they are not measured, which keeps a
  // fast scroll free of layout reads. Other market types wrap their prices and are measured.
  const fixedRows = view.code === 'hdpou';
  // Stable while the rows are: the virtualiser recomputes every row's offset when these change.
  const estimateSize = useCallback(
    (index: number) => {
      const row = rows[index];
      if (row?.type === 'league') return LEAGUE_ROW_PX;
      if (row?.type === 'more') return 240;
      if (row?.type === 'alternate') return fixedRows ? ALTERNATE_ROW_PX : 48;
      return fixedRows ? MATCH_ROW_PX : 48;
    },
    [rows, fixedRows],
  );
  const getItemKey = useCallback(
    (index: number) => {
      const row = rows[index];
      return row ? `${row.type}-${row.id}` : index;
    },
    [rows],
  );
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize,
    getItemKey,
    overscan: 4,
    initialRect: { width: 1000, height: 800 },
  });
  // Fixed-height rows carry their height and are never measured: measuring a row reads layout, and a row a
  // fraction of a pixel off its estimate makes the virtualiser recompute every offset and render again.
  const measure = fixedRows ? undefined : virtualizer.measureElement;
  // Before the scroller is laid out (or where there is no layout, as in jsdom) the first rows are shown.
  const virtual = virtualizer.getVirtualItems();
  const items =
    virtual.length > 0
      ? virtual
      : rows.slice(0, 40).map((row, index) => ({ index, key: `${row.type}-${row.id}`, start: 0, end: 0 }));
  const top = items[0]?.start ?? 0;
  const bottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  if (rows.length === 0) return <p className={styles.muted}>{t('sportsbook.noMatches')}</p>;
  return (
    <CellLabelsContext.Provider value={labels}>
      <div ref={scroller} className={styles.tableWrap} data-testid="market-scroller">
        <table className={styles.table} data-testid="market-table">
          <thead>
            <tr>
              <th scope="col" className={styles.colWhen}>
                {t('sportsbook.time')}
              </th>
              <th scope="col" className={styles.colTeams}>
                {t('sportsbook.event')}
              </th>
              {columns.map(({ period, kind }) => (
                <th scope="col" key={`${period}-${kind}`}>
                  {view.periods.length > 1 ? `${t(`sportsbook.period.${period as 'ft' | '1h'}`)} ` : ''}
                  {t(`sportsbook.kind.${kind as 'hdp'}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {top > 0 && <tr aria-hidden="true" style={{ height: top }} />}
            {items.map((item) => {
              const row = rows[item.index];
              if (!row) return null;
              if (row.type === 'league') {
                return (
                  <tr
                    key={item.key}
                    className={styles.league}
                    data-index={item.index}
                    ref={measure}
                    style={fixedRows ? { height: LEAGUE_ROW_PX } : undefined}
                    data-testid={`league-${row.id}`}
                  >
                    <th scope="rowgroup" colSpan={span}>
                      {row.name}
                    </th>
                  </tr>
                );
              }
              if (row.type === 'more') {
                return (
                  <tr key={item.key} data-index={item.index} ref={virtualizer.measureElement}>
                    <td colSpan={span} className={styles.moreCell}>
                      <Suspense fallback={<Skeleton rows={2} />}>
                        <MatchMarkets matchId={row.id} oddsCode={oddsCode} format={format} />
                      </Suspense>
                    </td>
                  </tr>
                );
              }
              if (row.type === 'alternate') {
                return (
                  <AlternateRow
                    key={item.key}
                    matchId={row.id}
                    columns={page.alternates[row.id]}
                    view={view}
                    format={format}
                    myanmar={myanmar}
                    index={item.index}
                    measure={measure}
                    height={fixedRows ? ALTERNATE_ROW_PX : undefined}
                  />
                );
              }
              return (
                <MatchRow
                  key={item.key}
                  matchId={row.id}
                  columns={page.columns[row.id]}
                  view={view}
                  format={format}
                  myanmar={myanmar}
                  early={early}
                  more={moreOf(page, row.id, doubleLine)}
                  index={item.index}
                  measure={measure}
                  height={fixedRows ? MATCH_ROW_PX : undefined}
                />
              );
            })}
            {bottom > 0 && <tr aria-hidden="true" style={{ height: bottom }} />}
          </tbody>
        </table>
      </div>
    </CellLabelsContext.Provider>
  );
}

/** The match list of the navigation's choice: leagues with their matches and the market type's columns. */
export function MarketTable({ query, format }: { query: ListQuery; format: OddsFormat }) {
  const { t } = useTranslation();
  const list = useMarketList(query);
  const setPage = useScreen((state) => state.setPage);
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / query.pageSize));
  const page = query.page;
  return (
    <QueryView
      query={list}
      isEmpty={(data) => data.leagues.length === 0}
      empty={query.favourites ? t('sportsbook.noFavourites') : t('sportsbook.noMatches')}
    >
      {(data) => (
        <>
          <VirtualRows
            page={data}
            view={query.view}
            format={format}
            myanmar={query.oddsCode === '5'}
            early={query.menu === 'early'}
            oddsCode={query.oddsCode}
          />
          {pages > 1 && !query.favourites && (
            <nav className={styles.pager} aria-label={t('sportsbook.paging')}>
              <button
                type="button"
                className="sb-btn sb-btn--ghost"
                disabled={page <= 1}
                onClick={() => setPage(page - 1)}
                data-testid="market-prev"
              >
                {t('sportsbook.prev')}
              </button>
              <span data-testid="market-page">{t('sportsbook.pageOf', { page: data.page, pages })}</span>
              <button
                type="button"
                className="sb-btn sb-btn--ghost"
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
