import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Feature } from '@sb/contract';
import { PRODUCT_ROUTES } from '../../shared/paths';
import { useSession } from '../../shared/session/store';
import styles from './products.module.css';

/** Products an upline can switch off per account, and the message the member then sees (no logout). */
const SWITCHES: Record<string, { feature: Feature; code: string }> = {
  casino: { feature: 'live_casino', code: 'liveCasinoDisabled' },
  casino100: { feature: 'live_casino', code: 'liveCasinoDisabled' },
  w4d: { feature: 'lottery', code: 'lotteryDisabled' },
  minigame: { feature: 'mini_game', code: 'MiniGameDisabled' },
  esports2: { feature: 'esports', code: 'EsportsDisabled' },
  tournament2: { feature: 'tournament', code: 'tournamentDisabled' },
};

/** The numbered slot providers, from the one route table. */
const SLOT_PROVIDERS = PRODUCT_ROUTES.filter((route) => route.startsWith('slots'));

/** The product's name: numbered slot and "others" providers share one text with their number. */
export function useProductName(): (key: string) => string {
  const { t } = useTranslation();
  return (key) => {
    const numbered = /^(slots|others)(\d+)$/.exec(key);
    if (numbered) return t(`products.${numbered[1] as 'slots' | 'others'}N`, { n: numbered[2] });
    return t(`products.${key}` as 'products.casino', { defaultValue: key });
  };
}

/** A product area that a later release builds: the frame with a clear notice (or the upline's switch-off). */
export function ComingSoonPage() {
  const { t } = useTranslation();
  const productName = useProductName();
  const { pathname } = useLocation();
  const key = pathname.split('/')[1] ?? '';
  const features = useSession((state) => state.account?.info.features);
  const disabled = SWITCHES[key];
  const isOff = disabled !== undefined && features?.[disabled.feature] === false;
  const name = productName(key);

  return (
    <article className={styles.page} aria-labelledby="product-title" data-testid="product-page">
      <h1 id="product-title">{name}</h1>
      {isOff ? (
        <p className="sb-notice sb-notice--warning" role="status" data-testid="product-disabled">
          {t(`errors.${disabled.code}` as 'errors.liveCasinoDisabled')}
        </p>
      ) : (
        <div className="sb-notice" role="status" data-testid="coming-soon">
          <strong>{t('products.comingSoon')}</strong>
          <p>{t('products.comingSoonText', { product: name })}</p>
        </div>
      )}
      {key.startsWith('slots') && (
        <nav aria-label={t('products.providers')}>
          <h2 className={styles.subtitle}>{t('products.providers')}</h2>
          <ul className={styles.providers}>
            {SLOT_PROVIDERS.map((provider) => (
              <li key={provider}>
                <Link to={`/${provider}`} aria-current={provider === key ? 'page' : undefined}>
                  {productName(provider)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <p>
        <Link to="/desktop" className="sb-btn sb-btn--primary">
          {t('products.backToSports')}
        </Link>
      </p>
    </article>
  );
}
