import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/client';
import { describeError } from '../api/errors';

/** Loading rows kept at the final height, so the screen does not jump when data arrives. */
export function Skeleton({ rows = 5 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <div className="sb-skeleton" aria-busy="true" aria-live="polite">
      <span className="sb-visually-hidden">{t('common.loading')}</span>
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="sb-skeleton__row" />
      ))}
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <div className="sb-empty" role="status" data-testid="empty-state">
      {children}
    </div>
  );
}

export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  // A call the server does not offer yet reads as "not available", not as a failure.
  if (isApiError(error) && error.code === 'not_found') {
    return <EmptyState>{t('common.notAvailable')}</EmptyState>;
  }
  return (
    <div className="sb-error" role="alert" data-testid="error-state">
      <p>{describeError(t, error)}</p>
      {onRetry && (
        <button type="button" className="sb-btn" onClick={onRetry}>
          {t('common.retry')}
        </button>
      )}
    </div>
  );
}

/** Loading, error and empty states of a query around the content that renders its data. */
export function QueryView<T>({
  query,
  isEmpty,
  empty,
  rows,
  children,
}: {
  query: UseQueryResult<T>;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  rows?: number;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <Skeleton rows={rows} />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (isEmpty?.(query.data)) return <EmptyState>{empty ?? t('common.noData')}</EmptyState>;
  return <>{children(query.data)}</>;
}
