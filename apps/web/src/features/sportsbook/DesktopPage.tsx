import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberSettings } from '@sb/contract';
import { saveMemberSettingsQuietly } from '../../shared/settings/api';
import { useLayout } from '../../shared/settings/store';
import { useSession } from '../../shared/session/store';
import { effectiveSportsOrder, sportKey } from '../../shared/sports';
import styles from './sportsbook.module.css';

type OddsType = MemberSettings['oddsType'];

/**
 * /desktop, the sportsbook. This release gives the frame: the sports menu in the member's order and
 * the odds type; markets, live centre and bet slip come with the sportsbook issue.
 */
export function DesktopPage() {
  const { t } = useTranslation();
  const id = useId();
  const custom = useLayout((state) => state.sportsOrder.custom);
  const oddsType = useLayout((state) => state.pageDisplay.oddsType);
  const setPageDisplay = useLayout((state) => state.setPageDisplay);
  const currency = useSession((state) => state.account?.info.currency);
  const viewOnly = useSession((state) => state.viewOnly);
  const oddsTypes: OddsType[] = currency === 'MMK' ? ['1', '2', '3', '4', '5'] : ['1', '2', '3', '4'];
  const order = effectiveSportsOrder(custom, currency);

  return (
    <div className={styles.layout}>
      <aside className={styles.sidebar} aria-labelledby={`${id}-sports`}>
        <h2 id={`${id}-sports`} className={styles.sideTitle}>
          {t('sportsbook.sports')}
        </h2>
        <ul className={styles.sports} data-testid="sports-menu">
          {order.map((sportId) => {
            const key = sportKey(sportId);
            return key ? <li key={sportId}>{t(`sports.${key}`)}</li> : null;
          })}
        </ul>
      </aside>
      <section className={styles.main} aria-labelledby={`${id}-title`}>
        <div className={styles.toolbar}>
          <h1 id={`${id}-title`}>{t('products.desktop')}</h1>
          <label className="sb-inline-field">
            <span>{t('settings.oddsType')}</span>
            <select
              className="sb-select sb-select--compact"
              value={oddsType}
              onChange={(event) => {
                const value = event.target.value as OddsType;
                setPageDisplay({ oddsType: value });
                saveMemberSettingsQuietly({ oddsType: value });
              }}
              data-testid="odds-type-switcher"
            >
              {oddsTypes.map((type) => (
                <option key={type} value={type}>
                  {t(`odds.${type}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
        {viewOnly && <p className="sb-notice sb-notice--warning">{t('sportsbook.viewOnly')}</p>}
        <div className="sb-notice" role="status" data-testid="sportsbook-placeholder">
          <strong>{t('sportsbook.menuSoon')}</strong>
          <p>{t('sportsbook.menuSoonText')}</p>
        </div>
      </section>
    </div>
  );
}
