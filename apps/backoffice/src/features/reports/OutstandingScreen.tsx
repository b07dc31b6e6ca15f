import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { boPost } from '../../shared/api';
import { formatMoney } from '../../shared/money';

/** A live position: asked again on every visit and every 15 s while shown. */
const REFRESH_MS = 15_000;

/** Open risk (running and waiting bets) per member under the caller. */
export function OutstandingScreen() {
  const { t } = useTranslation();
  const report = useQuery({
    queryKey: ['bo', 'outstanding'],
    queryFn: () => boPost('bo_outstanding', { page: 1, page_size: 200 }),
    staleTime: 0,
    refetchInterval: REFRESH_MS,
  });
  return (
    <>
      <h1>{t('reports.outstandingTitle')}</h1>
      {report.isError && <p className="error">{t('errors.generic')}</p>}
      <div className="table-wrap panel">
        <table>
          <thead>
            <tr>
              <th>{t('login.account')}</th>
              <th>{t('members.currency')}</th>
              <th className="num">{t('reports.bets')}</th>
              <th className="num">{t('reports.waiting')}</th>
              <th className="num">{t('members.outstanding')}</th>
              <th>{t('reports.lastBet')}</th>
            </tr>
          </thead>
          <tbody>
            {report.data?.data.map((row) => (
              <tr key={`${row.account_id}-${row.currency}`}>
                <td>{row.account_id}</td>
                <td>{row.currency}</td>
                <td className="num">{row.bets}</td>
                <td className="num">{row.waiting}</td>
                <td className="num">{formatMoney(row.outstanding)}</td>
                <td>{new Date(row.last_bet_at).toLocaleString()}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {report.data?.data.length === 0 && <p className="muted">{t('reports.none')}</p>}
      </div>
    </>
  );
}
