import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../shared/brand';
import { logout } from '../../shared/session/logout';
import { useSession } from '../../shared/session/store';
import { BalanceView } from '../../shared/ui/BalanceView';
import { LanguageSwitcher } from '../../shared/ui/LanguageSwitcher';
import { ThemeToggle } from '../../shared/ui/ThemeToggle';
import { BannerIcon } from './BannerIcon';
import styles from './home.module.css';
import { routeOffered } from '../../shared/brand';

const BANNERS = [
  { key: 'sports', to: '/desktop' },
  { key: 'casino', to: '/casino' },
  { key: 'slots', to: '/slots' },
  { key: 'efighting', to: '/desktop?sport=efighting' },
  { key: 'tournament', to: '/tournament2' },
] as const;

/** The brand's landing page: banners for its products (of five) and the login panel (given by the app). */
export function HomePage({ login }: { login: ReactNode }) {
  const { t } = useTranslation();
  const brand = useBrand();
  const account = useSession((state) => state.account);
  return (
    <div className={styles.page}>
      <header className={styles.top}>
        <span className={styles.brand} data-testid="brand">
          {brand}
        </span>
        <div className={styles.tools}>
          {account && <BalanceView />}
          <LanguageSwitcher compact />
          <ThemeToggle />
          {account && (
            <button type="button" className="sb-btn" onClick={logout} data-testid="logout-button">
              {t('header.logout')}
            </button>
          )}
        </div>
      </header>
      <main id="main" className={styles.main}>
        <section className={styles.hero} aria-labelledby="home-title">
          <div className={styles.heroText}>
            <h1 id="home-title">{t('app.title', { brand })}</h1>
            <p className={styles.tagline}>{t('home.tagline')}</p>
            {account && (
              <p className={styles.welcome} data-testid="home-welcome">
                {t('home.welcome', { name: account.info.nickname || account.info.account_id })}
              </p>
            )}
          </div>
          <div className={styles.login}>
            {account ? (
              <Link to="/desktop" className="sb-btn sb-btn--primary sb-btn--block" data-testid="home-enter">
                {t('home.enter')}
              </Link>
            ) : (
              login
            )}
          </div>
        </section>
        <section aria-label={t('home.products')}>
          <ul className={styles.banners}>
            {BANNERS.filter((banner) => routeOffered(banner.to)).map((banner) => (
              <li key={banner.key}>
                <Link
                  to={banner.to}
                  className={`${styles.banner} ${styles[banner.key] ?? ''}`}
                  data-testid={`banner-${banner.key}`}
                >
                  <span className={styles.icon}>
                    <BannerIcon name={banner.key} />
                  </span>
                  <span className={styles.bannerTitle}>{t(`home.banners.${banner.key}.title`)}</span>
                  <span className={styles.bannerText}>{t(`home.banners.${banner.key}.text`)}</span>
                  <span className={styles.cta}>{t('home.play')} →</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </main>
      <footer className={styles.footer}>
        <p>{t('home.responsible')}</p>
        <p>
          {t('home.timezone')} · © {brand}
        </p>
      </footer>
    </div>
  );
}
