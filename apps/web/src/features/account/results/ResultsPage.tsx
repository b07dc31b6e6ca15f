import type { CallReply, ResultRow } from '@sb/contract';
import { useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import { gmt8Day, useFormat } from '../../../shared/format';
import { useMemberSports, useSportName } from '../../../shared/sports';
import { QueryView } from '../../../shared/ui/QueryView';
import { useAccountCall } from '../api/request';
import styles from '../account.module.css';

interface MatchResult {
  id: number;
  league: string;
  time: string;
  home: string;
  away: string;
  halfTime: string;
  fullTime: string;
  state: string;
}

/** One row of matchresult: the contract's type, never a copy. */
export type ResultReplyRow = ResultRow;

const score = (home: number | null, away: number | null) =>
  home === null || away === null ? '' : `${home} - ${away}`;

export const toResult = (row: ResultReplyRow): MatchResult => ({
  id: row.match_id,
  league: row.league_name,
  time: row.kickoff,
  home: row.home,
  away: row.away,
  halfTime: score(row.ht_home, row.ht_away),
  fullTime: score(row.ft_home, row.ft_away),
  state: String(row.state),
});

const selectResults = (reply: CallReply<'matchresult'>) => reply.results.map(toResult);

/** Match states (spec section 4): 0 live or pending, 1 completed, 2 cancelled, 5 suspended. */
const STATE_KEYS: Record<string, string> = {
  '0': 'pending',
  '1': 'completed',
  '2': 'cancelled',
  '5': 'suspended',
};

type Item = { kind: 'league'; league: string } | { kind: 'match'; match: MatchResult };

function ResultList({ results }: { results: MatchResult[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const scroller = useRef<HTMLDivElement>(null);
  const items = useMemo(() => {
    const byLeague = new Map<string, MatchResult[]>();
    for (const result of results)
      byLeague.set(result.league, [...(byLeague.get(result.league) ?? []), result]);
    const flat: Item[] = [];
    for (const [league, matches] of byLeague) {
      flat.push({ kind: 'league', league });
      for (const match of matches) flat.push({ kind: 'match', match });
    }
    return flat;
  }, [results]);
  // Long result days stay fast: only the rows in view are rendered.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: (index) => (items[index]?.kind === 'league' ? 36 : 52),
    overscan: 12,
    initialRect: { width: 800, height: 600 },
  });
  return (
    <div ref={scroller} className={styles.virtualScroller} data-testid="results-list">
      <div role="list" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((row) => {
          const item = items[row.index];
          if (!item) return null;
          return (
            <div
              key={row.key}
              role="listitem"
              className={item.kind === 'league' ? styles.leagueRow : styles.resultRow}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                right: 0,
                transform: `translateY(${row.start}px)`,
                height: row.size,
              }}
            >
              {item.kind === 'league' ? (
                <strong>{item.league}</strong>
              ) : (
                <>
                  <span className={styles.sub}>{format.dateTime(item.match.time)}</span>
                  <span className={styles.matchName}>
                    {item.match.home} – {item.match.away}
                  </span>
                  <span className={styles.num} title={t('results.halfTime')}>
                    <span className={styles.sub}>{t('results.htShort')}</span> {item.match.halfTime || '–'}
                  </span>
                  <span className={`${styles.num} ${styles.strong}`} title={t('results.fullTime')}>
                    <span className={styles.sub}>{t('results.ftShort')}</span> {item.match.fullTime || '–'}
                  </span>
                  <span className={styles.sub}>
                    {STATE_KEYS[item.match.state]
                      ? t(`results.states.${STATE_KEYS[item.match.state]}` as 'results.states.completed')
                      : item.match.state}
                  </span>
                </>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}

/** /info/result: match results by date, sport and league. */
export function ResultsPage() {
  const { t } = useTranslation();
  const [date, setDate] = useState(() => gmt8Day(0));
  const [sport, setSport] = useState('1');
  const [league, setLeague] = useState('');
  // The sports the server offers, in the member's order.
  const { sports } = useMemberSports();
  const sportName = useSportName();
  const sportOptions = sports.some((item) => String(item.id) === sport)
    ? sports
    : [{ id: Number(sport), name: `#${sport}` }, ...sports];
  const query = useAccountCall('matchresult', { date, sport_id: Number(sport) }, selectResults);
  const leagues = useMemo(
    () => [...new Set((query.data ?? []).map((row) => row.league))].sort(),
    [query.data],
  );

  return (
    <article className="sb-card" aria-labelledby="results-title">
      <h1 id="results-title" className="sb-card__title">
        {t('results.title')}
      </h1>
      <div className="sb-filters">
        <label className="sb-inline-field">
          <span>{t('common.date')}</span>
          <input
            type="date"
            className="sb-input"
            value={date}
            max={gmt8Day(0)}
            onChange={(e) => setDate(e.target.value)}
            data-testid="results-date"
          />
        </label>
        <label className="sb-inline-field">
          <span>{t('results.sport')}</span>
          <select
            className="sb-select"
            value={sport}
            onChange={(event) => {
              setSport(event.target.value);
              setLeague('');
            }}
            data-testid="results-sport"
          >
            {sportOptions.map((item) => (
              <option key={item.id} value={String(item.id)}>
                {sportName(item)}
              </option>
            ))}
          </select>
        </label>
        <label className="sb-inline-field">
          <span>{t('results.league')}</span>
          <select
            className="sb-select"
            value={league}
            onChange={(e) => setLeague(e.target.value)}
            data-testid="results-league"
          >
            <option value="">{t('common.all')}</option>
            {leagues.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
      </div>
      <QueryView
        query={query}
        isEmpty={(rows) => rows.filter((row) => !league || row.league === league).length === 0}
      >
        {(rows) => <ResultList results={league ? rows.filter((row) => row.league === league) : rows} />}
      </QueryView>
      <p className={styles.links}>
        <Link to="/ngresult">{t('products.ngresult')}</Link>
        <Link to="/efresult">{t('products.efresult')}</Link>
      </p>
    </article>
  );
}
