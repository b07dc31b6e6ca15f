import { NavLink, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import styles from './info.module.css';

const INFO_TABS = [
  'settings',
  'betlist',
  'statement',
  'gamereport',
  'result',
  'message',
  'rules',
  'sysparlay',
] as const;

/** /info: the account screens with their own sub-navigation. */
export function InfoLayout() {
  const { t } = useTranslation();
  return (
    <div className={styles.info}>
      <nav className={styles.subnav} aria-label={t('nav.account')}>
        <ul>
          {INFO_TABS.map((tab) => (
            <li key={tab}>
              <NavLink
                to={`/info/${tab}`}
                className={({ isActive }) => (isActive ? `${styles.link} ${styles.active}` : styles.link)}
                data-testid={`nav-info-${tab}`}
              >
                {t(`nav.${tab}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <section className={styles.content}>
        <Outlet />
      </section>
    </div>
  );
}
