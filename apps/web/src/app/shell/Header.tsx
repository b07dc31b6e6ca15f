import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Marquee } from '../../features/messages/Marquee';
import { useBrand } from '../../shared/brand';
import { logout } from '../../shared/session/logout';
import { BalanceView } from '../../shared/ui/BalanceView';
import { LanguageSwitcher } from '../../shared/ui/LanguageSwitcher';
import { ThemeToggle } from '../../shared/ui/ThemeToggle';
import { AccountMenu } from './AccountMenu';
import { Clock } from './Clock';
import { MessagesLink } from './MessagesLink';
import { NavBar } from './NavBar';
import styles from './shell.module.css';

export function Header() {
  const { t } = useTranslation();
  const brand = useBrand();
  return (
    <header className={styles.header}>
      <div className={styles.topRow}>
        <Link to="/" className={styles.brand} data-tour="brand" data-testid="header-brand">
          {brand}
        </Link>
        <div className={styles.tools}>
          <BalanceView />
          <MessagesLink />
          <LanguageSwitcher compact />
          <ThemeToggle />
          <AccountMenu />
          <button
            type="button"
            className="sb-btn sb-btn--ghost"
            onClick={logout}
            data-testid="logout-button"
            data-tour="logout"
          >
            {t('header.logout')}
          </button>
        </div>
      </div>
      <NavBar />
      <div className={styles.infoRow}>
        <Marquee />
        <Clock />
      </div>
    </header>
  );
}
