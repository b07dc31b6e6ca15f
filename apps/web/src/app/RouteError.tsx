import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';

/** A screen that failed to load (a chunk timed out, the network dropped) or threw while rendering. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main id="main" className="sb-page-message" role="alert">
      <h1>{t(notFound ? 'notFound.title' : 'routeError.title')}</h1>
      <p>{t(notFound ? 'notFound.text' : 'routeError.text')}</p>
      <p className="sb-row">
        <button type="button" className="sb-btn sb-btn--primary" onClick={() => window.location.reload()}>
          {t('routeError.reload')}
        </button>
        <Link to="/" className="sb-btn">
          {t('notFound.home')}
        </Link>
      </p>
    </main>
  );
}
