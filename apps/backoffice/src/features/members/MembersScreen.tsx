import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { MEMBER_STATES } from '@sb/contract';
import { boPost } from '../../shared/api';
import { formatMoney } from '../../shared/money';
import { useSession } from '../../shared/session';
import { CreateAccountForm } from './CreateAccountForm';
import { filterMembers } from './filter';
import { MemberEditor } from './MemberEditor';

const PAGE_SIZE = 100;

/** The caller's downline (or one account's, opened from the list) with search, status filter, create and edit. */
export function MembersScreen() {
  const { t } = useTranslation();
  const self = useSession((s) => s.accountId) ?? '';
  const [parents, setParents] = useState<string[]>([]);
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [state, setState] = useState('');
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const parent = parents.at(-1);

  const list = useQuery({
    queryKey: ['bo', 'memberlist', parent ?? '', page],
    queryFn: () =>
      boPost('bo_memberlist', {
        parent_id: parent,
        page,
        page_size: PAGE_SIZE,
      }),
  });
  const rows = filterMembers(list.data?.members ?? [], { search, state });
  const edited = list.data?.members.find((row) => row.account_id === editing);
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE_SIZE));

  return (
    <>
      <h1>{t('members.title')}</h1>
      <div className="crumbs">
        <button type="button" className="link" onClick={() => setParents([])}>
          {self}
        </button>
        {parents.map((id, index) => (
          <span key={id}>
            ›{' '}
            <button type="button" className="link" onClick={() => setParents(parents.slice(0, index + 1))}>
              {id}
            </button>
          </span>
        ))}
      </div>
      <div className="row panel">
        <label>
          {t('members.search')}
          <input
            data-testid="bo-members-search"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </label>
        <label>
          {t('members.status')}
          <select data-testid="bo-members-state" value={state} onChange={(e) => setState(e.target.value)}>
            <option value="">{t('members.allStates')}</option>
            {MEMBER_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`states.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          data-testid="bo-members-new"
          className="primary"
          onClick={() => setCreating(!creating)}
        >
          {t('members.create')}
        </button>
      </div>
      {creating && <CreateAccountForm parentId={parent ?? self} onDone={() => setCreating(false)} />}
      {edited && <MemberEditor key={edited.account_id} row={edited} onClose={() => setEditing(null)} />}
      {list.isError && <p className="error">{t('errors.generic')}</p>}
      <div className="table-wrap panel">
        <table data-testid="bo-members-table">
          <thead>
            <tr>
              <th>{t('login.account')}</th>
              <th>{t('members.level')}</th>
              <th>{t('members.status')}</th>
              <th>{t('members.currency')}</th>
              <th className="num">{t('members.credit')}</th>
              <th className="num">{t('members.balance')}</th>
              <th className="num">{t('members.outstanding')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.account_id} data-testid={`bo-member-${row.account_id}`}>
                <td>
                  {row.level === 'member' ? (
                    row.account_id
                  ) : (
                    <button
                      type="button"
                      className="link"
                      onClick={() => setParents([...parents, row.account_id])}
                    >
                      {row.account_id}
                    </button>
                  )}
                </td>
                <td>{t(`levels.${row.level}`)}</td>
                <td>{t(`states.${row.state}`, { defaultValue: row.state })}</td>
                <td>{row.currency ?? '—'}</td>
                <td className="num">{formatMoney(row.given_credit)}</td>
                <td className="num">{formatMoney(row.available_balance)}</td>
                <td className="num">{formatMoney(row.outstanding_balance)}</td>
                <td>
                  <button
                    type="button"
                    data-testid={`bo-edit-${row.account_id}`}
                    onClick={() => setEditing(row.account_id)}
                  >
                    {t('members.edit')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {list.data && rows.length === 0 && <p className="muted">{t('members.none')}</p>}
      </div>
      <div className="row">
        <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          ‹
        </button>
        <span>
          {page} / {pages}
        </span>
        <button type="button" disabled={page >= pages} onClick={() => setPage(page + 1)}>
          ›
        </button>
      </div>
    </>
  );
}
