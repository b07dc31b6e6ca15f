import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { boPost } from '../../shared/api';
import { formatMoney } from '../../shared/money';
import { bookDayToday } from './today';

/** The day at a glance: direct downline, today's win/loss per currency, open bets. */
export function DashboardScreen() {
  const { t } = useTranslation();
  const today = bookDayToday();
  const downline = useQuery({
    queryKey: ['bo', 'memberlist', '', 1],
    queryFn: () => boPost('bo_memberlist', { page: 1, page_size: 100 }),
  });
  const winLoss = useQuery({
    queryKey: ['bo', 'winloss', '', today, today],
    queryFn: () => boPost('bo_winloss', { start_date: today, end_date: today }),
  });
  const outstanding = useQuery({
    queryKey: ['bo', 'outstanding'],
    queryFn: () => boPost('bo_outstanding', { page: 1, page_size: 200 }),
  });
  return (
    <>
      <h1>{t('dashboard.title')}</h1>
      <div className="cards">
        <div className="card" data-testid="bo-dash-downline">
          {t('dashboard.downline')}
          <strong>{downline.data?.total ?? '—'}</strong>
        </div>
        {(winLoss.data?.totals ?? []).map((row) => (
          <div className="card" key={row.currency}>
            {t('dashboard.todayWinLoss', { currency: row.currency })}
            <strong>{formatMoney(row.own_win_loss)}</strong>
            <span className="muted">
              {t('reports.turnover')} {formatMoney(row.turnover)}
            </span>
          </div>
        ))}
        <div className="card">
          {t('dashboard.openBets')}
          <strong>{(outstanding.data?.data ?? []).reduce((sum, row) => sum + row.bets, 0)}</strong>
        </div>
      </div>
    </>
  );
}
