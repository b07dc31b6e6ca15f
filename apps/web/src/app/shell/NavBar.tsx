import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routeOffered } from '../../shared/brand';
import styles from './shell.module.css';

export const NAV_ITEMS = [
  { key: 'home', to: '/' },
  { key: 'desktop', to: '/desktop' },
  { key: 'casino', to: '/casino' },
  { key: 'slots', to: '/slots' },
  { key: 'fishing', to: '/fishing' },
  { key: 'minigame', to: '/minigame' },
  { key: 'w4d', to: '/w4d' },
  { key: 'esports2', to: '/esports2' },
  { key: 'tournament2', to: '/tournament2' },
  { key: 'highlight', to: '/highlight' },
  { key: 'livetv', to: '/livetv' },
  { key: 'others', to: '/others' },
] as const;

/** The product navigation (the brand's products only); scrolls sideways on a phone. */
export function NavBar() {
  const { t } = useTranslation();
  return (
    <nav className={styles.nav} aria-label={t('nav.label')} data-tour="nav">
      <ul>
        {NAV_ITEMS.filter((item) => routeOffered(item.to)).map((item) => (
          <li key={item.key}>
            <NavLink
              to={item.to}
              end={item.to === '/'}
              className={({ isActive }) => (isActive ? `${styles.navLink} ${styles.active}` : styles.navLink)}
              data-testid={`nav-${item.key}`}
            >
              {t(`products.${item.key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
