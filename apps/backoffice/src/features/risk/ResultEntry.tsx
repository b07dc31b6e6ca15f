import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallRequest } from '@sb/contract';
import { resultRequest, type ResultInput } from './result';

/**
 * The desk's result entry for one match, in two steps: the scores (full time; half time optional, so
 * first-half bets can settle), then a review that says what will be settled, and only then the call.
 */
export function ResultEntry({
  matchId,
  onSubmit,
  onClose,
}: {
  matchId: number;
  onSubmit: (request: CallRequest<'trade_result'>) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [input, setInput] = useState<ResultInput>({ home: '', away: '', htHome: '', htAway: '' });
  const [reviewing, setReviewing] = useState(false);
  const checked = resultRequest(matchId, input);
  const field = (key: keyof ResultInput, label: string) => (
    <label>
      {label}
      <input
        inputMode="numeric"
        size={3}
        value={input[key]}
        disabled={reviewing}
        onChange={(e) => setInput({ ...input, [key]: e.target.value })}
      />
    </label>
  );
  const score = (s: { home: number; away: number }) => `${s.home}-${s.away}`;
  return (
    <div className="panel" role="dialog" aria-label={t('risk.result')}>
      <p>{t('risk.confirmResult', { match: matchId })}</p>
      <fieldset className="row">
        <legend>{t('risk.fullTime')}</legend>
        {field('home', t('risk.home'))}
        {field('away', t('risk.away'))}
      </fieldset>
      <fieldset className="row">
        <legend>{t('risk.halfTimeOptional')}</legend>
        {field('htHome', t('risk.home'))}
        {field('htAway', t('risk.away'))}
      </fieldset>
      {!checked.ok && checked.reason === 'halfTime' && <p className="error">{t('risk.badHalfTime')}</p>}
      {reviewing && checked.ok && (
        <p role="alert">
          {checked.request.ht
            ? t('risk.resultSummary', {
                match: matchId,
                ft: score(checked.request.ft ?? { home: 0, away: 0 }),
                ht: score(checked.request.ht),
              })
            : t('risk.resultSummaryNoHt', {
                match: matchId,
                ft: score(checked.request.ft ?? { home: 0, away: 0 }),
              })}
        </p>
      )}
      <div className="row">
        {reviewing && checked.ok ? (
          <>
            <button type="button" className="primary" onClick={() => onSubmit(checked.request)}>
              {t('risk.confirm')}
            </button>
            <button type="button" onClick={() => setReviewing(false)}>
              {t('risk.back')}
            </button>
          </>
        ) : (
          <button type="button" className="primary" disabled={!checked.ok} onClick={() => setReviewing(true)}>
            {t('risk.review')}
          </button>
        )}
        <button type="button" onClick={onClose}>
          {t('edit.close')}
        </button>
      </div>
    </div>
  );
}
