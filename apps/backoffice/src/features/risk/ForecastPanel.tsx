import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { BoApiError, boPost } from '../../shared/api';
import { formatMoney, isNegative } from '../../shared/money';
import type { PushLink } from './push';

/** While the live link is down the forecast is read again this often. */
export const FORECAST_POLL_MS = 10_000;

const signed = (margin: number) => (margin > 0 ? `+${margin}` : String(margin));
const scoreText = (score: { home: number; away: number }) => `${score.home}-${score.away}`;
const tone = (value: string) => (isNegative(value) ? 'loss' : 'win');

/**
 * The book's forecast for one match: per currency, what it makes or loses at each final goal difference (+5 to
 * -5) and the biggest liabilities; refreshed by the desk's WebSocket pushes (the desk invalidates the query on
 * the match's bets, score and result), polled while the link is down.
 */
export function ForecastPanel({
  matchId,
  link,
  onClose,
}: {
  matchId: number;
  link: PushLink;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const forecast = useQuery({
    queryKey: ['bo', 'forecast', matchId],
    queryFn: () => boPost('trade_forecast', { match_id: matchId }),
    refetchInterval: link === 'live' ? false : FORECAST_POLL_MS,
  });
  const data = forecast.data;
  return (
    <section className="panel" aria-label={t('risk.forecast')} data-testid="bo-forecast">
      <div className="row">
        <h2>
          {t('risk.forecast')}: {data ? `${data.home} – ${data.away}` : ''}{' '}
          <span className="muted">#{matchId}</span>
        </h2>
        <span className="muted" data-testid="bo-forecast-link">
          {link === 'live' ? t('risk.pushLive') : t('risk.pushPolling', { seconds: FORECAST_POLL_MS / 1000 })}
        </span>
        <button type="button" onClick={onClose}>
          {t('edit.close')}
        </button>
      </div>
      {forecast.isError && (
        <p className="error">
          {forecast.error instanceof BoApiError
            ? t('errors.code', { code: forecast.error.code })
            : t('errors.generic')}
        </p>
      )}
      {data && (
        <>
          <p>
            {t('risk.scoreNow', { score: scoreText(data.score) })}
            {data.half_time && ` · ${t('risk.halfTime', { score: scoreText(data.half_time) })}`}
          </p>
          <p className="muted">{t('risk.forecastHelp', { goals: data.extra_goals })}</p>
          {data.truncated && <p className="muted">{t('risk.truncated')}</p>}
          {data.excluded > 0 && <p className="muted">{t('risk.excluded', { count: data.excluded })}</p>}
          {data.currencies.length === 0 && <p className="muted">{t('risk.none')}</p>}
        </>
      )}
      {data?.currencies.map((currency) => (
        <div key={currency.currency}>
          <h3>
            {currency.currency} · {t('reports.bets')} {currency.bets} · {t('risk.stake')}{' '}
            {formatMoney(currency.stake)}
          </h3>
          <div className="table-wrap">
            <table data-testid={`bo-forecast-${currency.currency}`}>
              <thead>
                <tr>
                  <th className="num">{t('risk.margin')}</th>
                  <th>{t('risk.likelyScore')}</th>
                  <th className="num">{t('risk.book')}</th>
                  <th className="num">{t('risk.worst')}</th>
                  <th className="num">{t('risk.best')}</th>
                  <th className="num">{t('risk.undecided')}</th>
                </tr>
              </thead>
              <tbody>
                {currency.rows.map((row) => (
                  <tr key={row.margin}>
                    <td className="num">{signed(row.margin)}</td>
                    <td>{scoreText(row.likely)}</td>
                    <td className={`num ${tone(row.book)}`}>{formatMoney(row.book)}</td>
                    <td className={`num ${tone(row.worst)}`}>
                      {formatMoney(row.worst)} <span className="muted">{scoreText(row.worst_score)}</span>
                    </td>
                    <td className={`num ${tone(row.best)}`}>
                      {formatMoney(row.best)} <span className="muted">{scoreText(row.best_score)}</span>
                    </td>
                    <td className="num">{row.undecided}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <h3>{t('risk.liabilities')}</h3>
          <div className="table-wrap">
            <table data-testid={`bo-liabilities-${currency.currency}`}>
              <thead>
                <tr>
                  <th>{t('risk.market')}</th>
                  <th>{t('risk.selection')}</th>
                  <th className="num">{t('reports.bets')}</th>
                  <th className="num">{t('risk.stake')}</th>
                  <th className="num">{t('risk.payout')}</th>
                  <th className="num">{t('risk.bookIfWins')}</th>
                </tr>
              </thead>
              <tbody>
                {currency.liabilities.map((row) => (
                  <tr key={`${row.kind}|${row.period}|${row.line}|${row.selection}`}>
                    <td>
                      {row.kind} {row.period} {row.line}
                    </td>
                    <td>{row.selection}</td>
                    <td className="num">{row.bets}</td>
                    <td className="num">{formatMoney(row.stake)}</td>
                    <td className="num">{formatMoney(row.payout)}</td>
                    <td className={`num ${tone(row.book_if_wins)}`}>{formatMoney(row.book_if_wins)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ))}
    </section>
  );
}
