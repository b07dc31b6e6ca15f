import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../shared/brand';
import { LanguageSwitcher } from '../../shared/ui/LanguageSwitcher';

/** /maintenance: open to everyone, logged in or not. */
export function MaintenancePage() {
  const { t } = useTranslation();
  const brand = useBrand();
  return (
    <main id="main" className="sb-page-message" data-testid="maintenance-page">
      <LanguageSwitcher compact />
      <p className="sb-muted">{brand}</p>
      <h1>{t('maintenance.title')}</h1>
      <p>{t('maintenance.text')}</p>
      <Link to="/" className="sb-btn sb-btn--primary">
        {t('notFound.home')}
      </Link>
    </main>
  );
}
