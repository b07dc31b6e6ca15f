import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberSettings } from '@sb/contract';
import { saveMemberSettingsQuietly } from '../../shared/settings/api';
import { useLayout } from '../../shared/settings/store';
import { useSession } from '../../shared/session/store';
import { useMemberSports, useSportName, type MenuSport } from '../../shared/sports';
import { QueryView } from '../../shared/ui/QueryView';
import styles from './sportsbook.module.css';

type OddsType = MemberSettings['oddsType'];

const COUNTS = ['live', 'today', 'early'] as const;

/** One sport of the menu: its name and how many events are live, today and early. */
function MenuItem({ sport, name }: { sport: MenuSport; name: string }) {
  const { t } = useTranslation();
  return (
    <li className={styles.sport} data-testid={`menu-sport-${sport.id}`}>
      <span className={styles.sportName}>{name}</span>
      <span className={styles.counts}>
        {COUNTS.map((kind) => (
          <span
            key={kind}
            className={`${styles.count} ${styles[kind]}`}
            title={t(`sportsbook.${kind}`)}
            data-testid={`menu-sport-${sport.id}-${kind}`}
          >
            <span className="sb-visually-hidden">{t(`sportsbook.${kind}`)} </span>
            {sport[kind]}
          </span>
        ))}
      </span>
    </li>
  );
}

/**
 * /desktop, the sportsbook. This release gives the frame: the server's sports menu (uxmenu) in the member's
 * order with its live/today/early counts, and the odds type; match lists, live centre and bet slip come with
 * the sportsbook issue.
 */
export function DesktopPage() {
  const { t } = useTranslation();
  const id = useId();
  const { query, sports } = useMemberSports();
  const sportName = useSportName();
  const oddsType = useLayout((state) => state.pageDisplay.oddsType);
  const setPageDisplay = useLayout((state) => state.setPageDisplay);
  const currency = useSession((state) => state.account?.info.currency);
  const viewOnly = useSession((state) => state.viewOnly);
  const oddsTypes: OddsType[] = currency === 'MMK' ? ['1', '2', '3', '4', '5'] : ['1', '2', '3', '4'];

  return (
    <div className={styles.layout}>
      <aside className={styles.sidebar} aria-labelledby={`${id}-sports`}>
        <h2 id={`${id}-sports`} className={styles.sideTitle}>
          {t('sportsbook.sports')}
        </h2>
        <QueryView query={query} isEmpty={(data) => data.length === 0} rows={6}>
          {() => (
            <ul className={styles.sports} data-testid="sports-menu">
              {sports.map((sport) => (
                <MenuItem key={sport.id} sport={sport} name={sportName(sport)} />
              ))}
            </ul>
          )}
        </QueryView>
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
