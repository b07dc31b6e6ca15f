import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { BO_ROUND_PRODUCTS, type BoRound } from '@sb/contract';
import { boPost, BoApiError } from '../../shared/api';
import { formatMoney, isNegative } from '../../shared/money';
import { bookDay } from './drill';
import { isRoundProduct, roundPageCount, roundsFromSearch, roundsRequest, type RoundsQuery } from './rounds';

function Money({ value }: { value: string }) {
  return <td className={`num ${isNegative(value) ? 'loss' : ''}`}>{formatMoney(value)}</td>;
}

/** The game a round was: the provider's game (its name when known), a mini game, or 4D with its draw. */
function GameCell({ round }: { round: BoRound }) {
  const { t } = useTranslation();
  if (round.source === 'lottery')
    return (
      <td>
        4D {round.draw_id !== null && t('rounds.draw', { draw: round.draw_id })}
        {round.draw_at && <div className="muted">{new Date(round.draw_at).toLocaleString()}</div>}
      </td>
    );
  if (round.source === 'minigame')
    return <td>{t(`rounds.minigames.${round.game}`, { defaultValue: round.game })}</td>;
  return (
    <td>
      {round.game_name ?? round.game}
      {round.game_name && <div className="muted">{round.game}</div>}
    </td>
  );
}

function RoundsTable({ rows }: { rows: BoRound[] }) {
  const { t } = useTranslation();
  return (
    <div className="table-wrap panel">
      <table data-testid="bo-rd-results">
        <thead>
          <tr>
            <th>{t('rounds.finished')}</th>
            <th>{t('login.account')}</th>
            <th>{t('products.product')}</th>
            <th>{t('rounds.game')}</th>
            <th>{t('rounds.round')}</th>
            <th>{t('members.currency')}</th>
            <th className="num">{t('rounds.stake')}</th>
            <th className="num">{t('rounds.win')}</th>
            <th className="num">{t('reports.memberWinLoss')}</th>
            <th className="num">{t('reports.memberCommission')}</th>
            <th className="num">{t('reports.ownWinLoss')}</th>
            <th className="num">{t('reports.ownCommission')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((round) => (
            <tr
              key={`${round.source}-${round.round}-${round.finished_at}`}
              data-testid={`bo-rd-${round.round}`}
            >
              <td>{new Date(round.finished_at).toLocaleString()}</td>
              <td>{round.account_id}</td>
              <td>{t(`products.names.${round.product}`)}</td>
              <GameCell round={round} />
              <td>{round.round}</td>
              <td>{round.currency}</td>
              <Money value={round.stake} />
              <Money value={round.win} />
              <Money value={round.member_win_loss} />
              <Money value={round.member_commission} />
              <Money value={round.own_win_loss} />
              <Money value={round.own_commission} />
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length === 0 && <p className="muted">{t('reports.none')}</p>}
    </div>
  );
}

/**
 * A member's (or the downline's) counted casino and games rounds over a range of betting days, newest first:
 * where the win/loss report's drill-down ends for the products that have no tickets.
 */
export function RoundsScreen() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const [form, setForm] = useState<RoundsQuery>(() =>
    roundsFromSearch(search, { start: bookDay(Date.now(), -6), end: bookDay(Date.now()) }),
  );
  // What was asked (the form can change without asking again), and the page of it.
  const [asked, setAsked] = useState<RoundsQuery>(form);
  const [page, setPage] = useState(1);
  const request = roundsRequest(asked, page);
  const rounds = useQuery({
    queryKey: ['bo', 'rounds', request],
    placeholderData: keepPreviousData,
    queryFn: () => boPost('bo_rounds', request),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAsked(form);
    setPage(1);
  };
  const pages = roundPageCount(rounds.data?.total ?? 0);
  const error = rounds.error instanceof BoApiError ? rounds.error.code : null;

  return (
    <>
      <h1>{t('rounds.title')}</h1>
      <form className="row panel" onSubmit={submit} aria-label={t('rounds.filters')}>
        <label>
          {t('login.account')}
          <input
            data-testid="bo-rd-account"
            value={form.account}
            onChange={(e) => setForm({ ...form, account: e.target.value })}
          />
        </label>
        <label>
          {t('products.product')}
          <select
            data-testid="bo-rd-product"
            value={form.product}
            onChange={(e) =>
              setForm({ ...form, product: isRoundProduct(e.target.value) ? e.target.value : '' })
            }
          >
            <option value="">{t('rounds.bothProducts')}</option>
            {BO_ROUND_PRODUCTS.map((name) => (
              <option key={name} value={name}>
                {t(`products.names.${name}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('reports.from')}
          <input
            type="date"
            data-testid="bo-rd-start"
            value={form.start}
            onChange={(e) => setForm({ ...form, start: e.target.value })}
          />
        </label>
        <label>
          {t('reports.to')}
          <input
            type="date"
            data-testid="bo-rd-end"
            value={form.end}
            onChange={(e) => setForm({ ...form, end: e.target.value })}
          />
        </label>
        <button type="submit" data-testid="bo-rd-search">
          {t('tickets.search')}
        </button>
      </form>
      {error && (
        <p className="error" role="alert">
          {t('errors.code', { code: error })}
        </p>
      )}
      {rounds.data && (
        <>
          <p className="muted" data-testid="bo-rd-total">
            {t('rounds.found', { count: rounds.data.total })}
          </p>
          <RoundsTable rows={rounds.data.data} />
          {pages > 1 && (
            <div className="row">
              <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t('tickets.previous')}
              </button>
              <span>{t('tickets.page', { page, pages })}</span>
              <button type="button" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                {t('tickets.next')}
              </button>
            </div>
          )}
        </>
      )}
    </>
  );
}
