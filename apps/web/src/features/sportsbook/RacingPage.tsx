import { lazy, Suspense, useId, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useLayout } from '../../shared/settings/store';
import { useSlip } from './betslip';
import { VerifyRound } from '../minigame/VerifyRound';
import { finishingShares, racePick, useRaceCard, type RaceMarketKind, type RaceView } from './racing';
import styles from './racing.module.css';

const BetSlip = lazy(() => import('./BetSlip').then((module) => ({ default: module.BetSlip })));

/** '21:45' in the member's clock: races are a few minutes apart, the day is today. */
const PLACE_KEYS = ['racing.place1', 'racing.place2', 'racing.place3'] as const;

const offTime = (iso: string) =>
  new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', hour12: false });

function useRaceName() {
  const { t } = useTranslation();
  return (race: RaceView) => t(`racing.raceName.${race.kind}`, { time: offTime(race.off_at) });
}

/** One price button: adds the selection to the bet slip (the sportsbook's, placed with betsingle). */
function PriceButton({ race, kind, selection }: { race: RaceView; kind: RaceMarketKind; selection: string }) {
  const raceName = useRaceName();
  const pick = racePick(race, kind, selection, raceName(race));
  if (!pick) return <span className={styles.muted}>-</span>;
  return (
    <button
      type="button"
      className={styles.price}
      onClick={() => useSlip.getState().add(pick)}
      data-testid={`race-${kind}-${selection}`}
    >
      {pick.odds}
    </button>
  );
}

/** Forecast (first two in order) and tricast (first three) picked from the field. */
function CombinationPicker({ race }: { race: RaceView }) {
  const { t } = useTranslation();
  const id = useId();
  const numbers = race.runners.map((r) => r.number);
  const [order, setOrder] = useState<number[]>([numbers[0] ?? 1, numbers[1] ?? 2, numbers[2] ?? 3]);
  const set = (place: number, runner: number) =>
    setOrder((current) => current.map((value, i) => (i === place ? runner : value)));
  const distinct = (n: number) => new Set(order.slice(0, n)).size === n;
  const forecast = order.slice(0, 2).join('-');
  const tricast = order.join('-');
  return (
    <fieldset className={styles.combo}>
      <legend>{t('racing.combination')}</legend>
      {[0, 1, 2].map((place) => (
        <label key={place} htmlFor={`${id}-${String(place)}`}>
          {t(PLACE_KEYS[place] ?? 'racing.place1')}
          <select
            id={`${id}-${String(place)}`}
            className="sb-select sb-select--compact"
            value={order[place]}
            onChange={(event) => set(place, Number(event.target.value))}
            data-testid={`race-combo-${String(place + 1)}`}
          >
            {numbers.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      ))}
      <span>
        {t('racing.forecast')}{' '}
        {distinct(2) ? <PriceButton race={race} kind="gh_fc" selection={forecast} /> : t('racing.distinct')}
      </span>
      <span>
        {t('racing.tricast')}{' '}
        {distinct(3) ? <PriceButton race={race} kind="gh_tc" selection={tricast} /> : t('racing.distinct')}
      </span>
    </fieldset>
  );
}

function RaceCard({ race }: { race: RaceView }) {
  const { t } = useTranslation();
  const raceName = useRaceName();
  return (
    <section className={styles.card} data-testid="race-card" aria-label={raceName(race)}>
      <h2>{raceName(race)}</h2>
      <table className={styles.runners}>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">{t('racing.runner')}</th>
            <th scope="col">{t('racing.rating')}</th>
            <th scope="col">{t('racing.win')}</th>
            <th scope="col">{t('racing.place')}</th>
          </tr>
        </thead>
        <tbody>
          {race.runners.map((runner) => (
            <tr key={runner.number} data-testid={`runner-${String(runner.number)}`}>
              <td>
                <span className={styles.silk} data-runner={runner.number}>
                  {runner.number}
                </span>
              </td>
              <td>{runner.name}</td>
              <td>{runner.rating}</td>
              <td>
                <PriceButton race={race} kind="gh_win" selection={String(runner.number)} />
              </td>
              <td>
                <PriceButton race={race} kind="gh_place" selection={String(runner.number)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <CombinationPicker race={race} />
    </section>
  );
}

/** The race run again: every runner moves down its lane and stops where the drawn order put it. */
export function RaceReplay({ race }: { race: RaceView }) {
  const { t } = useTranslation();
  const raceName = useRaceName();
  const [run, setRun] = useState(0);
  const finish = race.finish ?? [];
  const shares = finishingShares(finish);
  return (
    <section className={styles.replay} data-testid="race-replay" aria-label={raceName(race)}>
      <h3>
        {raceName(race)}{' '}
        <button type="button" className="sb-button sb-button--small" onClick={() => setRun((n) => n + 1)}>
          {t('racing.replay')}
        </button>
      </h3>
      <div className={styles.track} key={run} aria-hidden="true">
        {race.runners.map((runner) => (
          <div key={runner.number} className={styles.lane}>
            <span
              className={styles.token}
              data-runner={runner.number}
              data-testid={`race-token-${String(runner.number)}`}
              style={
                { '--end': `${String(Math.round((shares.get(runner.number) ?? 0) * 90))}%` } as CSSProperties
              }
            >
              {runner.number}
            </span>
          </div>
        ))}
      </div>
      <ol className={styles.result} data-testid="race-result">
        {finish.map((number) => (
          <li key={number}>
            {number}. {race.runners.find((r) => r.number === number)?.name}
          </li>
        ))}
      </ol>
      {finish.length > 0 && <VerifyRound game="racing" roundId={race.race_id} />}
    </section>
  );
}

/**
 * /racing, virtual racing (GH_*): the next greyhound and horse races with their runners, ratings and prices
 * (win, place, forecast, tricast) bet through the sportsbook's slip, and the latest races run again to their
 * drawn finishing order with the results.
 */
export function RacingPage() {
  const { t } = useTranslation();
  const id = useId();
  const card = useRaceCard();
  const oddsCode = useLayout((state) => state.pageDisplay.oddsType);
  const [selected, setSelected] = useState<number | null>(null);
  const [replayed, setReplayed] = useState<number | null>(null);
  const upcoming = card.data?.upcoming ?? [];
  const recent = card.data?.recent ?? [];
  const race = upcoming.find((r) => r.race_id === selected) ?? upcoming[0];
  const shown = recent.find((r) => r.race_id === replayed) ?? recent[0];
  const raceName = useRaceName();
  return (
    <div className={styles.layout}>
      <section className={styles.main} aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`}>{t('racing.title')}</h1>
        {card.isPending && <p>{t('common.loading')}</p>}
        {card.isError && <p className="sb-notice sb-notice--warning">{t('racing.unavailable')}</p>}
        {card.data && upcoming.length === 0 && <p>{t('racing.none')}</p>}
        <nav className={styles.races} aria-label={t('racing.next')}>
          {upcoming.map((r) => (
            <button
              key={r.race_id}
              type="button"
              aria-pressed={r.race_id === race?.race_id}
              className={styles.raceTab}
              onClick={() => setSelected(r.race_id)}
              data-testid={`race-tab-${String(r.race_id)}`}
            >
              {raceName(r)}
            </button>
          ))}
        </nav>
        {race && <RaceCard race={race} />}
        <h2>{t('racing.results')}</h2>
        {recent.length === 0 && card.data && <p>{t('racing.noResults')}</p>}
        {shown && <RaceReplay key={shown.race_id} race={shown} />}
        <ul className={styles.recent}>
          {recent.map((r) => (
            <li key={r.race_id}>
              <button
                type="button"
                onClick={() => setReplayed(r.race_id)}
                data-testid={`race-recent-${String(r.race_id)}`}
              >
                {raceName(r)}: {(r.finish ?? []).slice(0, 3).join(' - ')}
              </button>
            </li>
          ))}
        </ul>
      </section>
      <aside className={styles.side}>
        <Suspense fallback={null}>
          <BetSlip oddsCode={oddsCode === '5' ? '1' : oddsCode} />
        </Suspense>
      </aside>
    </div>
  );
}
