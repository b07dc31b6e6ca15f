import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { boPost } from '../../shared/api';
import { NoticeLine, useNotice } from '../../shared/notice';
import { formatMoney, isNegative } from '../../shared/money';
import { isOperator, useSession } from '../../shared/session';
import { ForecastPanel } from './ForecastPanel';
import { PayoutCaps } from './PayoutCaps';
import { priceChange } from './prices';
import { useRiskPush } from './push';
import { ResultEntry } from './ResultEntry';

const REFRESH_MS = 5_000;

/**
 * The operator's trading desk: the book per match and selection (refreshed), the forecast of one match per
 * goal difference (live over the WebSocket), suspend, price override, result, cancel bet, payout caps.
 */
export function RiskScreen() {
  const { t } = useTranslation();
  const level = useSession((s) => s.level);
  const { notice, done, refuse, failed } = useNotice();
  const [refNo, setRefNo] = useState('');
  const [prices, setPrices] = useState<Record<string, string>>({});
  /** The match whose result is being entered. */
  const [result, setResult] = useState<number | null>(null);
  const [forecastId, setForecastId] = useState<number | null>(null);
  const [matchInput, setMatchInput] = useState('');
  const client = useQueryClient();
  // One live link for the desk: any bet or settlement in the brand refreshes the book, the open match's own
  // bets, score and result its forecast too. Without it both poll.
  const link = useRiskPush(isOperator(level), forecastId, (matchChanged) => {
    void client.invalidateQueries({ queryKey: ['bo', 'liability'] });
    if (matchChanged && forecastId !== null)
      void client.invalidateQueries({ queryKey: ['bo', 'forecast', forecastId] });
  });
  const book = useQuery({
    queryKey: ['bo', 'liability'],
    queryFn: () => boPost('bo_liability', {}),
    refetchInterval: link === 'live' ? false : REFRESH_MS,
    enabled: isOperator(level),
  });
  const act = useMutation({
    mutationFn: (action: () => Promise<unknown>) => action(),
    onSuccess: () => {
      done(t('edit.saved'));
      setResult(null);
      void book.refetch();
    },
    onError: failed,
  });
  if (!isOperator(level)) return <p className="error">{t('errors.operatorOnly')}</p>;

  return (
    <>
      <h1>{t('risk.title')}</h1>
      <NoticeLine notice={notice} />
      <div className="row panel">
        <label>
          {t('risk.matchId')}
          <input inputMode="numeric" value={matchInput} onChange={(e) => setMatchInput(e.target.value)} />
        </label>
        <button
          type="button"
          disabled={!/^\d{1,12}$/.test(matchInput.trim()) || Number(matchInput) < 1}
          onClick={() => setForecastId(Number(matchInput.trim()))}
        >
          {t('risk.showForecast')}
        </button>
      </div>
      {forecastId !== null && (
        <ForecastPanel matchId={forecastId} link={link} onClose={() => setForecastId(null)} />
      )}
      <div className="row panel">
        <label>
          {t('risk.refNo')}
          <input value={refNo} onChange={(e) => setRefNo(e.target.value)} />
        </label>
        <button
          type="button"
          disabled={!refNo.trim()}
          onClick={() => {
            if (window.confirm(t('risk.confirmCancel', { ref: refNo.trim() })))
              act.mutate(() => boPost('trade_cancelbet', { ref_no: refNo.trim() }));
          }}
        >
          {t('risk.cancelBet')}
        </button>
      </div>
      {result !== null && (
        <ResultEntry
          key={result}
          matchId={result}
          onSubmit={(request) => act.mutate(() => boPost('trade_result', request))}
          onClose={() => setResult(null)}
        />
      )}
      <PayoutCaps />
      {book.isError && <p className="error">{t('errors.generic')}</p>}
      {book.data?.truncated && <p className="muted">{t('risk.truncated')}</p>}
      {book.data?.data.length === 0 && <p className="muted">{t('risk.none')}</p>}
      {book.data?.data.map((match) => (
        <section key={match.match_id} className="panel">
          <div className="row">
            <h2>
              {match.home ?? '?'} – {match.away ?? '?'} <span className="muted">#{match.match_id}</span>
            </h2>
            <button
              type="button"
              onClick={() =>
                act.mutate(() =>
                  boPost('trade_marketstatus', { match_id: match.match_id, status: 'suspended' }),
                )
              }
            >
              {t('risk.suspend')}
            </button>
            <button
              type="button"
              onClick={() =>
                act.mutate(() => boPost('trade_marketstatus', { match_id: match.match_id, status: 'open' }))
              }
            >
              {t('risk.open')}
            </button>
            <button type="button" onClick={() => setForecastId(match.match_id)}>
              {t('risk.forecast')}
            </button>
            <button type="button" onClick={() => setResult(match.match_id)}>
              {t('risk.result')}
            </button>
            <button
              type="button"
              onClick={() => {
                const changes = match.markets.flatMap((market) => {
                  const inputs = Object.fromEntries(
                    market.outcomes.map((o) => [
                      o.selection,
                      prices[`${market.market_id}|${o.selection}`] ?? '',
                    ]),
                  );
                  const change = priceChange(match.match_id, market, inputs);
                  return change ? [change] : [];
                });
                if (changes.length === 0) return refuse(t('risk.badPrice'));
                act.mutate(() => boPost('trade_prices', { changes }));
                setPrices({});
              }}
            >
              {t('risk.setPrices')}
            </button>
          </div>
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th>{t('risk.market')}</th>
                  <th>{t('risk.selection')}</th>
                  <th className="num">{t('reports.bets')}</th>
                  <th className="num">{t('risk.stake')}</th>
                  <th className="num">{t('risk.bookIfWins')}</th>
                  <th>{t('risk.price')}</th>
                </tr>
              </thead>
              <tbody>
                {match.markets.flatMap((market) =>
                  market.outcomes.map((outcome) => (
                    <tr key={`${market.market_id}-${market.currency}-${outcome.selection}`}>
                      <td>
                        {market.kind} {market.period} {market.line ?? ''} {market.currency}
                      </td>
                      <td>{outcome.selection}</td>
                      <td className="num">{outcome.bets}</td>
                      <td className="num">{formatMoney(outcome.stake)}</td>
                      <td className={`num ${isNegative(outcome.book_if_wins) ? 'loss' : 'win'}`}>
                        {formatMoney(outcome.book_if_wins)}
                      </td>
                      <td>
                        <input
                          inputMode="decimal"
                          size={6}
                          aria-label={`${t('risk.price')} ${outcome.selection}`}
                          value={prices[`${market.market_id}|${outcome.selection}`] ?? ''}
                          onChange={(e) =>
                            setPrices({
                              ...prices,
                              [`${market.market_id}|${outcome.selection}`]: e.target.value,
                            })
                          }
                        />
                      </td>
                    </tr>
                  )),
                )}
              </tbody>
            </table>
          </div>
        </section>
      ))}
    </>
  );
}
