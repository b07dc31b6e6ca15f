import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOTTERY_BET_CODES, LOTTERY_MODE_NAMES, type LotteryDrawView } from '@sb/contract';
import { lotteryTicketCost, permutations } from '@sb/domain';
import { describeError } from '../../shared/api/errors';
import { useFormat } from '../../shared/format';
import { useBuy, useDraws } from './api';
import { useNow } from './LotteryPage';
import styles from './lottery.module.css';

const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0'];

/** mm:ss or h:mm:ss until an instant. */
function countdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

/** A quick pick: digits from the browser's cryptographic source (a suggestion only; draws use the fair source). */
function quickPick(length: number): string {
  const values = crypto.getRandomValues(new Uint32Array(length));
  return Array.from(values, (value) => String(value % 10)).join('');
}

/** Stake text to minor units for the cost preview (the server computes the real cost). */
const toMinor = (text: string): bigint | null =>
  /^\d{1,9}(\.\d{1,2})?$/.test(text)
    ? BigInt(text.split('.')[0] ?? '0') * 100n + BigInt((text.split('.')[1] ?? '').padEnd(2, '0'))
    : null;
const fromMinor = (minor: bigint) => `${minor / 100n}.${String(minor % 100n).padStart(2, '0')}`;

export function BuyPanel({ onBought }: { onBought: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const now = useNow();
  const draws = useDraws();
  const buy = useBuy();
  const [drawId, setDrawId] = useState<number | null>(null);
  const [number, setNumber] = useState('');
  const [betType, setBetType] = useState<(typeof LOTTERY_BET_CODES)[number]>('LOT_BIG');
  const [mode, setMode] = useState<(typeof LOTTERY_MODE_NAMES)[number]>('straight');
  const [stake, setStake] = useState('1.00');
  const digits = betType === 'LOT_3D' ? 3 : 4;
  const upcoming = useMemo(
    () => (draws.data?.upcoming ?? []).filter((d) => new Date(d.cutoff_at).getTime() > now),
    [draws.data, now],
  );
  const selected: LotteryDrawView | undefined = upcoming.find((d) => d.draw_id === drawId) ?? upcoming[0];
  const complete = number.length === digits;
  const perms = complete ? permutations(number).length : 0;
  const unit = toMinor(stake);
  const cost = complete && unit !== null ? lotteryTicketCost(unit, number, mode) : null;

  const press = (digit: string) =>
    setNumber((current) => (current.length < digits ? current + digit : current));
  const submit = () => {
    if (!selected || !complete || unit === null) return;
    buy.mutate(
      { draw_id: selected.draw_id, number, bet_type: betType, mode, stake },
      {
        onSuccess: () => {
          setNumber('');
          onBought();
        },
      },
    );
  };

  return (
    <section className="sb-panel" aria-label={t('lottery.tabs.buy')}>
      <h2>{t('lottery.draws')}</h2>
      {upcoming.length === 0 ? (
        <p className="sb-empty">{t('lottery.noDraws')}</p>
      ) : (
        <ul className={styles.draws} data-testid="lottery-draws">
          {upcoming.slice(0, 9).map((draw) => (
            <li key={draw.draw_id}>
              <button
                type="button"
                className={styles.draw}
                aria-pressed={selected?.draw_id === draw.draw_id}
                onClick={() => setDrawId(draw.draw_id)}
                data-testid="lottery-draw"
              >
                <strong>
                  {t(`lottery.houses.${draw.house}` as 'lottery.houses.dragon')}
                  {draw.special ? ` · ${t('lottery.special')}` : ''}
                </strong>
                <span>{format.dateTime(draw.draw_at)}</span>
                <span className="sb-muted">
                  {t('lottery.closesIn', { time: countdown(new Date(draw.cutoff_at).getTime() - now) })}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.form}>
        <div>
          <label htmlFor="lottery-number">{t('lottery.number')}</label>
          <output id="lottery-number" className={styles.number} data-testid="lottery-number">
            {number.padEnd(digits, '·')}
          </output>
          <div className={styles.pad} role="group" aria-label={t('lottery.numberPad')}>
            {DIGITS.map((digit) => (
              <button
                key={digit}
                type="button"
                className="sb-btn"
                onClick={() => press(digit)}
                data-testid={`pad-${digit}`}
              >
                {digit}
              </button>
            ))}
          </div>
          <p>
            <button
              type="button"
              className="sb-btn"
              onClick={() => setNumber(quickPick(digits))}
              data-testid="quick-pick"
            >
              {t('lottery.quickPick')}
            </button>{' '}
            <button type="button" className="sb-btn sb-btn--ghost" onClick={() => setNumber('')}>
              {t('lottery.clear')}
            </button>
          </p>
        </div>
        <div>
          <fieldset className={styles.options}>
            <legend>{t('lottery.betType')}</legend>
            {LOTTERY_BET_CODES.map((code) => (
              <label key={code} className="sb-check">
                <input
                  type="radio"
                  name="lottery-type"
                  checked={betType === code}
                  onChange={() => {
                    setBetType(code);
                    setNumber((current) => current.slice(0, code === 'LOT_3D' ? 3 : 4));
                  }}
                />
                {t(`lottery.types.${code}` as 'lottery.types.LOT_BIG')}
              </label>
            ))}
          </fieldset>
          <fieldset className={styles.options}>
            <legend>{t('lottery.mode')}</legend>
            {LOTTERY_MODE_NAMES.map((name) => (
              <label key={name} className="sb-check">
                <input
                  type="radio"
                  name="lottery-mode"
                  checked={mode === name}
                  onChange={() => setMode(name)}
                  data-testid={`mode-${name}`}
                />
                {t(`lottery.modes.${name}` as 'lottery.modes.box')}
              </label>
            ))}
          </fieldset>
          {mode !== 'straight' && complete && (
            <p className="sb-muted">
              {t(`lottery.modeHint.${mode}` as 'lottery.modeHint.box', { count: perms })}
            </p>
          )}
          <label className="sb-field">
            <span>{t('lottery.stake')}</span>
            <input
              className="sb-input"
              inputMode="decimal"
              value={stake}
              onChange={(event) => setStake(event.target.value.trim())}
              data-testid="lottery-stake"
            />
          </label>
          <p>
            {t('lottery.cost')}:{' '}
            <strong data-testid="lottery-cost">{cost === null ? '-' : format.money(fromMinor(cost))}</strong>
          </p>
          <button
            type="button"
            className="sb-btn sb-btn--primary"
            disabled={!selected || !complete || unit === null || buy.isPending}
            onClick={submit}
            data-testid="lottery-buy"
          >
            {t('lottery.buy')}
          </button>
          {buy.isError && (
            <p className="sb-error" role="alert">
              {describeError(t, buy.error)}
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
