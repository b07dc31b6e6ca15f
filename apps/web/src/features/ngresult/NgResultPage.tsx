import type { NgResultRow } from '@sb/contract';
import { drawValueLabel } from '../../shared/draws';
import { useState } from 'react';
import { KENO_PAYTABLE, isKenoPick } from '@sb/domain';
import { useTranslation } from 'react-i18next';
import { gmt8Day, useFormat } from '../../shared/format';
import { QueryView } from '../../shared/ui/QueryView';
import { VerifyRound } from '../minigame/VerifyRound';
import { useDrawResults } from './api';
import styles from './ngresult.module.css';

type Game = 'keno' | 'numbers';
/** The catalogue's sports of our draws: 162 keno, 161 the number game (feed/sports/catalogue.ts). */
const GAME_OF_SPORT: Record<number, Game> = { 162: 'keno', 161: 'numbers' };
/** The outcome labels each game shows, in order (the server's outcome keys). */
const OUTCOME_KEYS: Record<Game, string[]> = {
  keno: ['sum', 'size', 'parity', 'side'],
  numbers: ['d1', 'd2', 'd3', 'd4', 'd5', 'd6'],
};
const gameOf = (row: NgResultRow): Game | undefined => row.game ?? GAME_OF_SPORT[row.sport_id];

/** The member's keno pick as typed ('3 17 45', '3,17,45'): 1-10 distinct numbers of 1-80, or null. */
export function typedPick(text: string): number[] | null {
  const parts = text.split(/[\s,]+/).filter(Boolean);
  if (parts.some((part) => !/^\d{1,2}$/.test(part))) return null;
  const numbers = parts.map(Number);
  return isKenoPick(numbers) ? numbers : null;
}

function Draw({ row, pick }: { row: NgResultRow; pick: number[] | null }) {
  const { t } = useTranslation();
  const format = useFormat();
  const game = gameOf(row) ?? 'keno';
  const value = (key: string, raw: string) => drawValueLabel(t, key, raw);
  // The member's pick checked against a keno draw: its numbers drawn are marked, with the count and the prize.
  const checked = game === 'keno' && pick !== null && row.balls ? pick : null;
  const hit = (ball: number) => checked?.includes(ball) ?? false;
  const hits = checked && row.balls ? checked.filter((n) => row.balls?.includes(n)).length : 0;
  const pays = checked ? (KENO_PAYTABLE[checked.length]?.[hits] ?? 0) : 0;
  return (
    <li className={styles.draw} data-testid="ng-draw">
      <div className={styles.head}>
        <strong>{t(`ngresult.games.${game}` as 'ngresult.games.keno')}</strong>
        <span>{row.away}</span>
        <span className="sb-muted">{format.dateTime(row.kickoff)}</span>
      </div>
      {row.balls ? (
        <>
          <ol className={styles.balls} aria-label={t('ngresult.balls')} data-testid="ng-balls">
            {row.balls.map((ball, index) => (
              <li key={index} className={`${styles.ball} ${hit(ball) ? styles.hit : ''}`}>
                {ball}
              </li>
            ))}
          </ol>
          <dl className={styles.outcomes} data-testid="ng-outcomes">
            {OUTCOME_KEYS[game].map((key) => (
              <div key={key}>
                <dt>{t(`ngresult.outcomes.${key}` as 'ngresult.outcomes.sum')}</dt>
                <dd>{value(key, row.outcomes?.[key] ?? '')}</dd>
              </div>
            ))}
          </dl>
          {checked && (
            <p data-testid="ng-hits">
              {t('ngresult.hits', { hits, picked: checked.length })} ·{' '}
              {t('ngresult.pays', { multiplier: (pays / 100).toFixed(2) })}
            </p>
          )}
          <VerifyRound game={game} roundId={row.match_id} />
        </>
      ) : (
        <p className="sb-muted">{row.state === 2 ? t('ngresult.cancelled') : t('ngresult.pending')}</p>
      )}
    </li>
  );
}

/** /ngresult: the day's keno and number-game draws with their balls and each market's result, newest first. */
export function NgResultPage() {
  const { t } = useTranslation();
  const [date, setDate] = useState(() => gmt8Day(0));
  const [game, setGame] = useState<'' | Game>('');
  const [numbers, setNumbers] = useState('');
  const pick = typedPick(numbers);
  const query = useDrawResults(date);
  const shown = (rows: NgResultRow[]) => rows.filter((row) => !game || gameOf(row) === game).toReversed();
  return (
    <article
      className={`sb-card ${styles.page}`}
      aria-labelledby="ngresult-title"
      data-testid="ngresult-page"
    >
      <h1 id="ngresult-title" className="sb-card__title">
        {t('ngresult.title')}
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
            data-testid="ngresult-date"
          />
        </label>
        <label className="sb-inline-field">
          <span>{t('ngresult.game')}</span>
          <select
            className="sb-select"
            value={game}
            onChange={(e) => setGame(e.target.value as '' | Game)}
            data-testid="ngresult-game"
          >
            <option value="">{t('common.all')}</option>
            <option value="keno">{t('ngresult.games.keno')}</option>
            <option value="numbers">{t('ngresult.games.numbers')}</option>
          </select>
        </label>
        <label className="sb-inline-field">
          <span>{t('ngresult.myNumbers')}</span>
          <input
            className="sb-input"
            value={numbers}
            placeholder="3 17 45"
            onChange={(e) => setNumbers(e.target.value)}
            aria-invalid={numbers.trim() !== '' && pick === null}
            data-testid="ngresult-numbers"
          />
        </label>
      </div>
      <QueryView
        query={query}
        isEmpty={(reply) => shown(reply.results).length === 0}
        empty={t('ngresult.empty')}
      >
        {(reply) => (
          <ol className={styles.draws}>
            {shown(reply.results).map((row) => (
              <Draw key={row.match_id} row={row} pick={pick} />
            ))}
          </ol>
        )}
      </QueryView>
    </article>
  );
}
