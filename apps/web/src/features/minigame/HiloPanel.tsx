import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MiniRoundView } from '@sb/contract';
import { describeError } from '../../shared/api/errors';
import { useFormat } from '../../shared/format';
import { useGameCall } from './api';
import styles from './minigame.module.css';

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUITS = ['♠', '♥', '♦', '♣'];
const cardName = (card: number) => `${RANKS[Math.floor(card / 4)] ?? '?'}${SUITS[card % 4] ?? ''}`;

interface HiloDetail {
  cards: number[];
  guesses: string[];
  next?: { higher: string; lower: string; cashout: string | null };
}

/** Hi-lo: guess whether the next card (a fresh deck each step) is higher-or-same or lower-or-same; cash out any time. */
export function HiloPanel() {
  const { t } = useTranslation();
  const format = useFormat();
  const start = useGameCall('hilostart');
  const guess = useGameCall('hiloguess');
  const cashout = useGameCall('hilocashout');
  const [stake, setStake] = useState('1.00');
  const [round, setRound] = useState<MiniRoundView | null>(null);
  const detail = round?.detail as HiloDetail | undefined;
  const open = round?.status === 'open';
  const shown = { onSuccess: (reply: { round: MiniRoundView }) => setRound(reply.round) };
  const error = start.error ?? guess.error ?? cashout.error;
  return (
    <section className="sb-panel" aria-label={t('minigame.tabs.hilo')}>
      {!open && (
        <div className={styles.row}>
          <label className="sb-field">
            <span>{t('minigame.stake')}</span>
            <input
              className="sb-input"
              inputMode="decimal"
              value={stake}
              onChange={(e) => setStake(e.target.value.trim())}
            />
          </label>
          <button
            type="button"
            className="sb-btn sb-btn--primary"
            onClick={() => start.mutate({ stake }, shown)}
            data-testid="hilo-start"
          >
            {t('minigame.hilo.start')}
          </button>
        </div>
      )}
      {detail && (
        <p aria-label={t('minigame.hilo.cards')}>
          {detail.cards.map((card, i) => (
            <span key={i} className={styles.card}>
              {cardName(card)}
            </span>
          ))}
        </p>
      )}
      {open && round && detail?.next && (
        <div className={styles.row}>
          <button
            type="button"
            className="sb-btn"
            onClick={() => guess.mutate({ round_id: round.round_id, guess: 'higher' }, shown)}
          >
            {t('minigame.hilo.higher', { m: detail.next.higher })}
          </button>
          <button
            type="button"
            className="sb-btn"
            onClick={() => guess.mutate({ round_id: round.round_id, guess: 'lower' }, shown)}
          >
            {t('minigame.hilo.lower', { m: detail.next.lower })}
          </button>
          <button
            type="button"
            className="sb-btn sb-btn--primary"
            disabled={detail.next.cashout === null}
            onClick={() => cashout.mutate({ round_id: round.round_id }, shown)}
          >
            {t('minigame.hilo.cashout', {
              amount: detail.next.cashout ? format.money(detail.next.cashout) : '-',
            })}
          </button>
        </div>
      )}
      {round && !open && (
        <p role="status">
          {t(`minigame.status.${round.status}` as 'minigame.status.won')}
          {round.payout !== null && ` · ${format.money(round.payout)}`}
        </p>
      )}
      {error && (
        <p className="sb-error" role="alert">
          {describeError(t, error)}
        </p>
      )}
    </section>
  );
}
