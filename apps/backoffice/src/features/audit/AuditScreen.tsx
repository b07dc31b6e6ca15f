import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CallRequest } from '@sb/contract';
import { boPost } from '../../shared/api';

const PAGE_SIZE = 50;

/** A JSON value as one short line (the before and after columns). */
export const brief = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  const text = JSON.stringify(value);
  return text === '{}' || text === '[]' ? '' : text;
};

/** The audit log of the signed-in account's subtree: who changed what, when, from where, before and after. */
export function AuditScreen() {
  const { t } = useTranslation();
  const [form, setForm] = useState({ actor: '', target: '', action: '', start_date: '', end_date: '' });
  const [filter, setFilter] = useState<CallRequest<'bo_audit'>>({ page: 1, page_size: PAGE_SIZE });
  const rows = useQuery({
    queryKey: ['bo', 'audit', filter],
    queryFn: () => boPost('bo_audit', filter),
    placeholderData: keepPreviousData,
  });
  const search = (event: FormEvent) => {
    event.preventDefault();
    const given = Object.fromEntries(Object.entries(form).filter(([, value]) => value.trim() !== ''));
    setFilter({ ...given, page: 1, page_size: PAGE_SIZE });
  };
  const pages = Math.max(1, Math.ceil((rows.data?.total ?? 0) / PAGE_SIZE));
  const page = filter.page ?? 1;

  return (
    <>
      <h1>{t('audit.title')}</h1>
      <form className="panel row" onSubmit={search}>
        {(['actor', 'target', 'action'] as const).map((key) => (
          <label key={key}>
            {t(`audit.${key}`)}
            <input
              data-testid={`bo-audit-${key}`}
              value={form[key]}
              onChange={(e) => setForm({ ...form, [key]: e.target.value })}
            />
          </label>
        ))}
        <label>
          {t('audit.from')}
          <input
            type="date"
            value={form.start_date}
            onChange={(e) => setForm({ ...form, start_date: e.target.value })}
          />
        </label>
        <label>
          {t('audit.to')}
          <input
            type="date"
            value={form.end_date}
            onChange={(e) => setForm({ ...form, end_date: e.target.value })}
          />
        </label>
        <button className="primary" type="submit" data-testid="bo-audit-search">
          {t('audit.search')}
        </button>
      </form>
      <div className="table-wrap">
        <table>
          <thead>
            <tr>
              <th>{t('audit.at')}</th>
              <th>{t('audit.actor')}</th>
              <th>{t('audit.action')}</th>
              <th>{t('audit.target')}</th>
              <th>{t('audit.before')}</th>
              <th>{t('audit.after')}</th>
              <th>{t('audit.address')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.data?.rows.map((row) => (
              <tr key={row.seq} data-testid="bo-audit-row" title={row.hash}>
                <td>{row.at.replace('T', ' ').slice(0, 19)}</td>
                <td>{row.actor}</td>
                <td>{row.action}</td>
                <td>{row.target}</td>
                <td className="json">{brief(row.before)}</td>
                <td className="json">{brief(row.after)}</td>
                <td>{row.address}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rows.data?.rows.length === 0 && <p className="muted">{t('audit.none')}</p>}
      <p className="row">
        <button
          type="button"
          className="link"
          disabled={page <= 1}
          onClick={() => setFilter({ ...filter, page: page - 1 })}
        >
          {t('audit.previous')}
        </button>
        <span>{t('audit.page', { page, pages })}</span>
        <button
          type="button"
          className="link"
          disabled={page >= pages}
          onClick={() => setFilter({ ...filter, page: page + 1 })}
        >
          {t('audit.next')}
        </button>
      </p>
    </>
  );
}
