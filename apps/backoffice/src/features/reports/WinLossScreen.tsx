import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { PRODUCTS, type Product, type WinLossRow } from '@sb/contract';
import { boPost } from '../../shared/api';
import { formatMoney, isNegative } from '../../shared/money';
import { useSession } from '../../shared/session';
import { Link } from 'react-router';
import { bookDay, drillAccount, drillInto, drillTo, type Drill } from './drill';
import { memberRoundsPath, roundProductOf } from './rounds';
import { memberTicketsPath } from './tickets';

function Money({ value }: { value: string }) {
  return <td className={`num ${isNegative(value) ? 'loss' : ''}`}>{formatMoney(value)}</td>;
}

function Rows({
  rows,
  onOpen,
  drillOf,
  testId,
}: {
  rows: WinLossRow[];
  onOpen?: (id: string) => void;
  /**
   * Where a member row's drill-down ends: its tickets (sportsbook), or its game rounds (casino, games); a second
   * link to the rounds when the row sums every product.
   */
  drillOf?: (row: WinLossRow) => { to: string; rounds: boolean; alsoRounds?: string };
  testId: string;
}) {
  const { t } = useTranslation();
  // Rows split by product carry it: a column is shown for it then.
  const byProduct = rows.some((row) => row.product !== undefined);
  return (
    <div className="table-wrap panel">
      <table data-testid={testId}>
        <thead>
          <tr>
            <th>{t('login.account')}</th>
            <th>{t('members.level')}</th>
            <th>{t('members.currency')}</th>
            {byProduct && <th>{t('products.product')}</th>}
            <th className="num">{t('reports.bets')}</th>
            <th className="num">{t('reports.turnover')}</th>
            <th className="num">{t('reports.validTurnover')}</th>
            <th className="num">{t('reports.memberWinLoss')}</th>
            <th className="num">{t('reports.memberCommission')}</th>
            <th className="num">{t('reports.ownWinLoss')}</th>
            <th className="num">{t('reports.ownCommission')}</th>
            <th className="num">{t('reports.downline')}</th>
            <th className="num">{t('reports.upline')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.account_id}-${row.currency}-${row.product ?? ''}`}>
              <td>
                {onOpen ? (
                  <button
                    type="button"
                    className="link"
                    data-testid={`bo-wl-open-${row.account_id}`}
                    onClick={() => onOpen(row.account_id)}
                  >
                    {row.account_id}
                  </button>
                ) : drillOf ? (
                  <MemberLinks row={row} drill={drillOf(row)} />
                ) : (
                  row.account_id
                )}
              </td>
              <td>{row.level ? t(`levels.${row.level}`, { defaultValue: row.level }) : ''}</td>
              <td>{row.currency}</td>
              {byProduct && <td>{row.product ? t(`products.names.${row.product}`) : ''}</td>}
              <td className="num">{row.bets}</td>
              <Money value={row.turnover} />
              <Money value={row.valid_turnover} />
              <Money value={row.member_win_loss} />
              <Money value={row.member_commission} />
              <Money value={row.own_win_loss} />
              <Money value={row.own_commission} />
              <Money value={row.downline_win_loss} />
              <Money value={row.upline_win_loss} />
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length === 0 && <p className="muted">{t('reports.none')}</p>}
    </div>
  );
}

/** A member row's links: to its tickets or its rounds, and to its rounds too when it sums every product. */
function MemberLinks({
  row,
  drill,
}: {
  row: WinLossRow;
  drill: { to: string; rounds: boolean; alsoRounds?: string };
}) {
  const { t } = useTranslation();
  const kind = drill.rounds ? 'rounds' : 'tickets';
  return (
    <>
      <Link
        to={drill.to}
        data-testid={`bo-wl-${kind}-${row.account_id}${row.product ? `-${row.product}` : ''}`}
        title={t(`${kind}.title`)}
      >
        {row.account_id}
      </Link>
      {drill.alsoRounds && (
        <>
          {' '}
          <Link
            to={drill.alsoRounds}
            className="muted"
            data-testid={`bo-wl-rounds-${row.account_id}`}
            title={t('rounds.title')}
          >
            {t('rounds.link')}
          </Link>
        </>
      )}
    </>
  );
}

/** The selector's value as a product ('' is every product). */
function productOf(value: string): Product | '' {
  return (PRODUCTS as readonly string[]).includes(value) ? (value as Product) : '';
}

/**
 * Win/loss by level: the caller's direct downline, its own members, drilling down to a member's tickets
 * (sportsbook) or game rounds (casino, games).
 */
export function WinLossScreen() {
  const { t } = useTranslation();
  const self = useSession((s) => s.accountId) ?? '';
  const [drill, setDrill] = useState<Drill>({ path: [self] });
  const [range, setRange] = useState(() => ({ start: bookDay(Date.now(), -6), end: bookDay(Date.now()) }));
  // One product or all of them (''), and whether each row is split per product.
  const [product, setProduct] = useState<Product | ''>('');
  const [byProduct, setByProduct] = useState(false);
  const account = drillAccount(drill);
  const report = useQuery({
    queryKey: ['bo', 'winloss', account ?? '', range.start, range.end, product, byProduct],
    queryFn: () =>
      boPost('bo_winloss', {
        account_id: account,
        start_date: range.start,
        end_date: range.end,
        ...(product ? { product } : {}),
        ...(byProduct ? { by_product: true } : {}),
      }),
  });
  const open = (id: string) => setDrill(drillInto(drill, id));

  return (
    <>
      <h1>{t('reports.winlossTitle')}</h1>
      <div className="row panel">
        <label>
          {t('reports.from')}
          <input
            type="date"
            value={range.start}
            onChange={(e) => setRange({ ...range, start: e.target.value })}
          />
        </label>
        <label>
          {t('reports.to')}
          <input
            type="date"
            value={range.end}
            onChange={(e) => setRange({ ...range, end: e.target.value })}
          />
        </label>
        <label>
          {t('products.product')}
          <select
            data-testid="bo-wl-product"
            value={product}
            onChange={(e) => setProduct(productOf(e.target.value))}
          >
            <option value="">{t('reports.allProducts')}</option>
            {PRODUCTS.map((name) => (
              <option key={name} value={name}>
                {t(`products.names.${name}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          <input
            type="checkbox"
            data-testid="bo-wl-by-product"
            checked={byProduct}
            onChange={(e) => setByProduct(e.target.checked)}
          />
          {t('reports.byProduct')}
        </label>
      </div>
      <nav className="crumbs" aria-label={t('reports.path')} data-testid="bo-wl-path">
        {drill.path.map((id, index) => (
          <span key={id}>
            {index > 0 && '› '}
            <button type="button" className="link" onClick={() => setDrill(drillTo(drill, index))}>
              {id}
            </button>
          </span>
        ))}
      </nav>
      {report.isError && <p className="error">{t('errors.generic')}</p>}
      {report.data && (
        <>
          <h2>{t('reports.total')}</h2>
          <Rows rows={report.data.totals} testId="bo-wl-totals" />
          <h2>{t('reports.downlines')}</h2>
          <Rows rows={report.data.downlines} onOpen={open} testId="bo-wl-downlines" />
          <h2>{t('reports.members')}</h2>
          <Rows
            rows={report.data.members}
            drillOf={(row) => {
              const rounds = roundProductOf(row.product, product);
              if (rounds) return { to: memberRoundsPath(row.account_id, range, rounds), rounds: true };
              const all = row.product === undefined && product === '';
              return {
                to: memberTicketsPath(row.account_id, range),
                rounds: false,
                ...(all ? { alsoRounds: memberRoundsPath(row.account_id, range, '') } : {}),
              };
            }}
            testId="bo-wl-members"
          />
        </>
      )}
    </>
  );
}
