import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { OddsFormat } from '@sb/domain';
import { useLayout } from '../../shared/settings/store';
import { useMatchMarkets, MatchMarkets } from './MatchMarkets';
import { useLiveTicks } from './MarketTable';
import { useMarkets } from './markets';
import { useScreen } from './nav';
import styles from './sportsbook.module.css';

const PERIODS = ['pre', '1h', 'ht', '2h', 'et', 'ft'] as const;
type LivePeriod = (typeof PERIODS)[number];
const periodOf = (period: string): LivePeriod =>
  (PERIODS as readonly string[]).includes(period) ? (period as LivePeriod) : '1h';

/** Regulation length in minutes, for the score map's progress. */
const MATCH_MINUTES = 90;

/**
 * The score map (the showScoreMap setting): a pitch with the score, red cards by side and how much of the
 * match is played.
 */
function ScoreMap({
  minute,
  score,
  red,
}: {
  minute: number;
  score: [number, number];
  red: [number, number];
}) {
  const { t } = useTranslation();
  const played = Math.max(0, Math.min(100, Math.round((minute / MATCH_MINUTES) * 100)));
  return (
    <figure className={styles.scoreMap} aria-label={t('sportsbook.scoreMap')} data-testid="score-map">
      <div className={styles.pitch} aria-hidden="true">
        <span className={styles.pitchHalf}>{score[0]}</span>
        <span className={styles.pitchHalf}>{score[1]}</span>
        {red[0] > 0 && (
          <span className={`${styles.pitchRed} ${styles.pitchRedHome}`}>{'▮'.repeat(red[0])}</span>
        )}
        {red[1] > 0 && (
          <span className={`${styles.pitchRed} ${styles.pitchRedAway}`}>{'▮'.repeat(red[1])}</span>
        )}
      </div>
      <div
        className={styles.progress}
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={MATCH_MINUTES}
        aria-valuenow={Math.min(minute, MATCH_MINUTES)}
        aria-label={t('sportsbook.matchProgress', { minute, length: MATCH_MINUTES })}
      >
        <span style={{ width: `${played}%` }} />
      </div>
    </figure>
  );
}

/**
 * The live centre of one live match: score, minute, period and red cards from the odds store (patched by the
 * match's own topic), and every market of the match.
 */
export function LiveCentre({
  matchId,
  oddsCode,
  format,
}: {
  matchId: number;
  oddsCode: string;
  format: OddsFormat;
}) {
  const { t } = useTranslation();
  const id = useId();
  const close = useScreen((state) => state.openLiveCentre);
  const match = useMarkets((state) => state.matches[matchId]);
  const showScoreMap = useLayout((state) => state.pageDisplay.showScoreMap === 'true');
  // The match may come from another sport's list (favourites): its own topic keeps it live.
  useLiveTicks([`match:${matchId}`], format);
  // Loads the match into the store when it opens from a link rather than from the list.
  useMatchMarkets(matchId, oddsCode);
  return (
    <section className={styles.liveCentre} aria-labelledby={`${id}-live`} data-testid="live-centre">
      <header className={styles.liveHead}>
        <h2 id={`${id}-live`} className={styles.sideTitle}>
          {t('sportsbook.liveCentre')}
        </h2>
        <button
          type="button"
          className="sb-btn sb-btn--ghost"
          onClick={() => close(null)}
          aria-label={t('sportsbook.closeLive')}
          data-testid="live-centre-close"
        >
          ×
        </button>
      </header>
      {match && (
        <div className={styles.scoreboard}>
          <div className={styles.team}>
            <span>{match.home}</span>
            {match.red[0] > 0 && (
              <span className={styles.red} title={t('sportsbook.redCards')} data-testid="live-red-home">
                {match.red[0]}
              </span>
            )}
          </div>
          <div className={styles.bigScore} data-testid="live-score">
            {match.score[0]} - {match.score[1]}
          </div>
          <div className={`${styles.team} ${styles.teamAway}`}>
            {match.red[1] > 0 && (
              <span className={styles.red} title={t('sportsbook.redCards')} data-testid="live-red-away">
                {match.red[1]}
              </span>
            )}
            <span>{match.away}</span>
          </div>
          <div className={styles.liveClock} data-testid="live-clock">
            <span>{t(`sportsbook.livePeriod.${periodOf(match.period)}`)}</span>
            {match.live && match.period !== 'ht' && (
              <span className={styles.minute}>
                {' · '}
                {match.minute}&apos;
              </span>
            )}
          </div>
        </div>
      )}
      {match && showScoreMap && <ScoreMap minute={match.minute} score={match.score} red={match.red} />}
      <MatchMarkets matchId={matchId} oddsCode={oddsCode} format={format} />
    </section>
  );
}
