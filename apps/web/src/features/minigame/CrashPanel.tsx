import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { crashMultiplierAt } from '@sb/domain';
import { describeError } from '../../shared/api/errors';
import { useFormat } from '../../shared/format';
import { subscribeGame } from '../../shared/session/push';
import { useCrashState, useGameCall } from './api';
import styles from './minigame.module.css';

const text = (hundredths: number) => (hundredths / 100).toFixed(2);

/**
 * Crash: the shared round's multiplier drawn from its start time (the server pushes the phases, ticks and the
 * bust over the socket), a bet before the round flies with an optional automatic cash-out, and a cash-out.
 */
export function CrashPanel() {
  const { t } = useTranslation();
  const format = useFormat();
  const client = useQueryClient();
  const state = useCrashState();
  const bet = useGameCall('crashbet');
  const cashout = useGameCall('crashcashout');
  const [stake, setStake] = useState('1.00');
  const [auto, setAuto] = useState('');
  const [bust, setBust] = useState<{ roundId: number; point: string } | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const round = state.data?.round ?? null;
  // The server's clock against ours, from when the state arrived: the flight is drawn on the server's time.
  const offset = state.data ? new Date(state.data.server_time).getTime() - state.dataUpdatedAt : 0;

  // Phase changes and the bust refresh the round; ticks only keep the drawing honest.
  useEffect(
    () =>
      subscribeGame('game:crash', (event) => {
        if (event.e === 'bust')
          setBust({ roundId: Number(event.round_id), point: String(event.crash_point) });
        if (event.e === 'bust' || event.e === 'betting' || event.e === 'running') {
          void client.invalidateQueries({ queryKey: ['account', 'minigame', 'crash'] });
        }
      }),
    [client],
  );
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 100);
    return () => clearInterval(timer);
  }, []);

  const serverNow = now + offset;
  const startsAt = round ? new Date(round.starts_at).getTime() : 0;
  const flying = round !== null && round.status !== 'busted' && serverNow >= startsAt;
  const busted = bust !== null && round !== null && bust.roundId === round.round_id;
  const multiplier = flying && !busted ? crashMultiplierAt(serverNow - startsAt) : 100;
  const myBet = state.data?.my_bet ?? null;
  const canBet = round !== null && !flying && myBet === null;
  const canCashOut = flying && !busted && myBet?.status === 'open';

  return (
    <section className="sb-panel" aria-label={t('minigame.tabs.crash')}>
      <div
        className={`${styles.stage} ${busted ? styles.busted : flying ? styles.flying : ''}`}
        data-testid="crash-stage"
        aria-live="off"
      >
        {busted
          ? `${bust.point}x`
          : flying
            ? `${text(multiplier)}x`
            : round
              ? t('minigame.crash.startsIn', { s: Math.max(0, Math.ceil((startsAt - serverNow) / 1000)) })
              : '…'}
      </div>
      {busted && (
        <p role="status" data-testid="crash-busted">
          {t('minigame.crash.busted', { point: bust.point })}
        </p>
      )}
      <div className={styles.row}>
        <label className="sb-field">
          <span>{t('minigame.stake')}</span>
          <input
            className="sb-input"
            inputMode="decimal"
            value={stake}
            onChange={(e) => setStake(e.target.value.trim())}
            data-testid="crash-stake"
          />
        </label>
        <label className="sb-field">
          <span>{t('minigame.crash.auto')}</span>
          <input
            className="sb-input"
            inputMode="decimal"
            placeholder="2.00"
            value={auto}
            onChange={(e) => setAuto(e.target.value.trim())}
            data-testid="crash-auto"
          />
        </label>
        <button
          type="button"
          className="sb-btn sb-btn--primary"
          disabled={!canBet || bet.isPending}
          onClick={() => bet.mutate({ stake, ...(auto ? { auto_cashout: auto } : {}) })}
          data-testid="crash-bet"
        >
          {t('minigame.crash.bet')}
        </button>
        <button
          type="button"
          className="sb-btn sb-btn--primary"
          disabled={!canCashOut || cashout.isPending || round === null}
          onClick={() => round && cashout.mutate({ round_id: round.round_id })}
          data-testid="crash-cashout"
        >
          {t('minigame.crash.cashout', {
            amount: format.money(text(Math.floor(Number(myBet?.stake ?? 0) * multiplier))),
          })}
        </button>
      </div>
      {myBet && (
        <p data-testid="crash-my-bet" data-status={myBet.status}>
          {t('minigame.crash.myBet', { stake: format.money(myBet.stake) })} ·{' '}
          {t(`minigame.status.${myBet.status}` as 'minigame.status.open')}
          {myBet.payout !== null && ` · ${format.money(myBet.payout)}`}
        </p>
      )}
      {(bet.isError || cashout.isError) && (
        <p className="sb-error" role="alert">
          {describeError(t, bet.error ?? cashout.error)}
        </p>
      )}
      <h2>{t('minigame.crash.history')}</h2>
      <ul className={styles.history}>
        {(state.data?.history ?? []).map((h) => (
          <li key={h.round_id}>{h.crash_point}x</li>
        ))}
      </ul>
      {round && (
        <p className="sb-muted">
          {t('minigame.fair.commitment')}: <span className={styles.code}>{round.seed_hash}</span> · nonce{' '}
          {round.nonce}
        </p>
      )}
    </section>
  );
}
