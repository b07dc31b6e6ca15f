import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../shared/paths';
import { useLayout } from '../../shared/settings/store';
import { useMemberSports, useSportName, type MenuSport } from '../../shared/sports';
import { QueryView } from '../../shared/ui/QueryView';
import { favouriteIds, useScreen } from './nav';
import styles from './sportsbook.module.css';

const COUNTS = ['live', 'today', 'early'] as const;

/** One sport of the menu: its name and how many events are live, today and early. */
function MenuItem({
  sport,
  name,
  selected,
  onSelect,
}: {
  sport: MenuSport;
  name: string;
  selected: boolean;
  onSelect: () => void;
}) {
  const { t } = useTranslation();
  return (
    <li
      className={`${styles.sport} ${selected ? styles.selected : ''}`}
      data-testid={`menu-sport-${sport.id}`}
    >
      <span className={styles.sportName}>
        <button
          type="button"
          className={styles.sportButton}
          aria-pressed={selected}
          onClick={onSelect}
          data-testid={`menu-sport-${sport.id}-select`}
        >
          {name}
        </button>
      </span>
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
 * The sports menu (uxmenu) in the member's sports order with live/today/early counts, and the favourites.
 * Choosing a sport is the spec's menu2 (menu0 'all'); the favourites are menu0 'fav'.
 */
export function SportsMenu({ sportId }: { sportId: number | null }) {
  const { t } = useTranslation();
  const id = useId();
  const { query, sports } = useMemberSports();
  const sportName = useSportName();
  const menu0 = useLayout((state) => state.menu0);
  const favourites = useLayout((state) => favouriteIds(state.favourites).length);
  const setMenus = useLayout((state) => state.setMenus);
  const select = (patch: Parameters<typeof setMenus>[0]) => {
    setMenus(patch);
    useScreen.setState({ page: 1, expanded: null });
  };
  return (
    <aside className={styles.sidebar} aria-labelledby={`${id}-sports`}>
      <button
        type="button"
        className={`${styles.favourites} ${menu0 === 'fav' ? styles.selected : ''}`}
        aria-pressed={menu0 === 'fav'}
        onClick={() => select({ menu0: 'fav' })}
        data-testid="menu-favourites"
      >
        <span aria-hidden="true">★ </span>
        {t('sportsbook.favourites')}
        <span className={styles.count}>{favourites}</span>
      </button>
      <h2 id={`${id}-sports`} className={styles.sideTitle}>
        {t('sportsbook.sports')}
      </h2>
      <QueryView query={query} isEmpty={(data) => data.length === 0} rows={6}>
        {() => (
          <ul className={styles.sports} data-testid="sports-menu">
            {sports.map((sport) => (
              <MenuItem
                key={sport.id}
                sport={sport}
                name={sportName(sport)}
                selected={menu0 !== 'fav' && sport.id === sportId}
                onSelect={() => select({ menu0: 'all', menu2: sport.id, selectedLeagues: [] })}
              />
            ))}
          </ul>
        )}
      </QueryView>
      <h2 className={styles.sideTitle}>{t('racing.menu')}</h2>
      <Link className={styles.favourites} to={PATHS.racing} data-testid="menu-racing">
        {t('racing.title')}
      </Link>
    </aside>
  );
}
