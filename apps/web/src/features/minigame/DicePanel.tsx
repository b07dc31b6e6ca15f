import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../shared/api/errors';
import { useFormat } from '../../shared/format';
import { useGameCall } from './api';

/** Dice: a roll 0.00-99.99 under or over a target; a win pays 99 / chance (chance in percent). */
export function DicePanel() {
  const { t } = useTranslation();
  const format = useFormat();
  const roll = useGameCall('dicebet');
  const [stake, setStake] = useState('1.00');
  const [side, setSide] = useState<'under' | 'over'>('under');
  const [target, setTarget] = useState('50.00');
  const targetNumber = Number(target);
  const chance = side === 'under' ? targetNumber : 99.99 - targetNumber;
  const valid = Number.isFinite(chance) && chance >= 1 && chance <= 98;
  const round = roll.data?.round;
  return (
    <section className="sb-panel" aria-label={t('minigame.tabs.dice')}>
      <div className="sb-row">
        <label className="sb-field">
          <span>{t('minigame.stake')}</span>
          <input
            className="sb-input"
            inputMode="decimal"
            value={stake}
            onChange={(e) => setStake(e.target.value.trim())}
          />
        </label>
        <label className="sb-field">
          <span>{t('minigame.dice.side')}</span>
          <select className="sb-select" value={side} onChange={(e) => setSide(e.target.value as 'under')}>
            <option value="under">{t('minigame.dice.under')}</option>
            <option value="over">{t('minigame.dice.over')}</option>
          </select>
        </label>
        <label className="sb-field">
          <span>{t('minigame.dice.target')}</span>
          <input
            className="sb-input"
            inputMode="decimal"
            value={target}
            onChange={(e) => setTarget(e.target.value.trim())}
            data-testid="dice-target"
          />
        </label>
      </div>
      <p>
        {t('minigame.dice.chance', { chance: valid ? chance.toFixed(2) : '-' })} ·{' '}
        {t('minigame.dice.payout', { multiplier: valid ? (99 / chance).toFixed(4) : '-' })}
      </p>
      <button
        type="button"
        className="sb-btn sb-btn--primary"
        disabled={!valid || roll.isPending}
        onClick={() => roll.mutate({ stake, side, target: targetNumber.toFixed(2) })}
        data-testid="dice-roll"
      >
        {t('minigame.dice.roll')}
      </button>
      {round && (
        <p role="status" data-testid="dice-result">
          {t('minigame.dice.rolled', { roll: String(round.detail.roll) })} ·{' '}
          {t(`minigame.status.${round.status}` as 'minigame.status.won')}
          {round.payout !== null && ` · ${format.money(round.payout)}`}
        </p>
      )}
      {roll.isError && (
        <p className="sb-error" role="alert">
          {describeError(t, roll.error)}
        </p>
      )}
    </section>
  );
}
