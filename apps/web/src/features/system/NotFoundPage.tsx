import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** The catch-all route. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main id="main" className="sb-page-message" data-testid="not-found-page">
      <p className="sb-big" aria-hidden="true">
        404
      </p>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <Link to="/" className="sb-btn sb-btn--primary" data-testid="not-found-home">
        {t('notFound.home')}
      </Link>
    </main>
  );
}
