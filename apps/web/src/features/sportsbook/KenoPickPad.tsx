import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KENO_BALLS, KENO_MAX_PICK, KENO_PAYTABLE, kenoPickSelection } from '@sb/domain';
import { slipPickOf, useSlip } from './betslip';
import { useMarkets } from './markets';
import styles from './keno-pick.module.css';

/** A paytable entry (hundredths of the stake) as a multiplier: 4771 -> '47.71'. */
const multiplier = (hundredths: number) =>
  `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;

/** The rows of pick n's paytable, best first: hits and what 1.00 returns. */
export function paytableRows(pick: number): { hits: number; pays: string }[] {
  const table = KENO_PAYTABLE[pick] ?? {};
  return Object.entries(table)
    .map(([hits, hundredths]) => ({ hits: Number(hits), pays: multiplier(hundredths) }))
    .sort((a, b) => b.hits - a.hits);
}

/**
 * Keno pick 1-10 on a draw: the member chooses 1-10 of the 80 numbers, sees that count's paytable and adds the
 * pick to the slip as a single (the market's price for the count is the table's top prize; settlement pays the
 * multiplier of the hits).
 */
export function KenoPickPad({ marketId }: { marketId: number }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<number[]>([]);
  const market = useMarkets((state) => state.markets[marketId]);
  const match = useMarkets((state) => (market ? state.matches[market.matchId] : undefined));
  const toggle = (n: number) =>
    setChosen((now) =>
      now.includes(n) ? now.filter((m) => m !== n) : now.length < KENO_MAX_PICK ? [...now, n] : now,
    );
  const price = market?.prices[String(chosen.length)];
  const add = () => {
    if (!market || !match || price === undefined) return;
    const slip = useSlip.getState();
    // A pick is a single only.
    slip.setTab('single');
    slip.add(
      slipPickOf(market, match, {
        marketId,
        selection: kenoPickSelection(chosen),
        odds: price,
        format: 'DEC',
      }),
    );
  };
  return (
    <div className={styles.pad} data-testid={`keno-pick-${marketId}`}>
      <p className={styles.hint}>{t('kenoPick.hint', { max: KENO_MAX_PICK })}</p>
      <div className={styles.numbers} role="group" aria-label={t('kenoPick.numbers')}>
        {Array.from({ length: KENO_BALLS }, (_, i) => i + 1).map((n) => (
          <button
            key={n}
            type="button"
            className={`${styles.number} ${chosen.includes(n) ? styles.on : ''}`}
            aria-pressed={chosen.includes(n)}
            data-testid={`keno-number-${n}`}
            disabled={!market?.open || (!chosen.includes(n) && chosen.length >= KENO_MAX_PICK)}
            onClick={() => toggle(n)}
          >
            {n}
          </button>
        ))}
      </div>
      <p className={styles.count} data-testid="keno-pick-count">
        {t('kenoPick.chosen', { picked: chosen.length, max: KENO_MAX_PICK })}
      </p>
      {chosen.length > 0 && (
        <table className={styles.paytable} data-testid="keno-paytable">
          <thead>
            <tr>
              <th>{t('kenoPick.hits')}</th>
              <th>{t('kenoPick.pays')}</th>
            </tr>
          </thead>
          <tbody>
            {paytableRows(chosen.length).map((row) => (
              <tr key={row.hits}>
                <td>{row.hits}</td>
                <td>{row.pays}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className={styles.actions}>
        <button type="button" onClick={() => setChosen([])} disabled={chosen.length === 0}>
          {t('kenoPick.clear')}
        </button>
        <button
          type="button"
          data-testid="keno-pick-add"
          onClick={add}
          disabled={chosen.length === 0 || price === undefined || !market?.open}
        >
          {t('kenoPick.add')}
        </button>
      </div>
    </div>
  );
}
