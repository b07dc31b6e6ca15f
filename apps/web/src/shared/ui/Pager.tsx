import { useTranslation } from 'react-i18next';

/**
 * Previous / next over a paged list. With a total the last page is known; the open bet lists answer no
 * total, so a full page means there may be another.
 */
export function Pager({
  page,
  pageSize,
  rows,
  total,
  onPage,
  testId,
}: {
  page: number;
  pageSize: number;
  rows: number;
  total?: number;
  onPage: (page: number) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const hasNext = total === undefined ? rows >= pageSize : page * pageSize < total;
  if (page === 1 && !hasNext) return null;
  const pages = total === undefined ? undefined : Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className="sb-filters" aria-label={t('common.pages')} data-testid={testId}>
      <button type="button" className="sb-btn" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('common.previous')}
      </button>
      <span>{pages === undefined ? t('common.page', { page }) : t('common.pageOf', { page, pages })}</span>
      <button type="button" className="sb-btn" disabled={!hasNext} onClick={() => onPage(page + 1)}>
        {t('common.next')}
      </button>
    </nav>
  );
}
