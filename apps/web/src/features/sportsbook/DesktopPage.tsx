import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberSettings } from '@sb/contract';
import { saveMemberSettingsQuietly } from '../../shared/settings/api';
import { useLayout } from '../../shared/settings/store';
import { useSession } from '../../shared/session/store';
import { useMemberSports, useSportName, type MenuSport } from '../../shared/sports';
import { QueryView } from '../../shared/ui/QueryView';
import { Tabs } from '../../shared/ui/Tabs';
import { BetSlip } from './BetSlip';
import { MarketTable, useLiveTicks } from './MarketTable';
import { useSlip } from './betslip';
import { MENU_TABS, formatOfCode, type MenuTab } from './markets';
import { MyBets } from './MyBets';
import styles from './sportsbook.module.css';

type OddsType = MemberSettings['oddsType'];

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
 * /desktop, the sportsbook: the server's sports menu (uxmenu) in the member's order with its live/today/early
 * counts; the selected sport's match list (today, early, live) with live ticks; the bet slip and my bets.
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
  const [chosenSport, setChosenSport] = useState<number | null>(null);
  const [menu, setMenu] = useState<MenuTab>('today');
  const sportId = chosenSport ?? sports[0]?.id ?? null;
  const oddsCode = oddsType === '5' ? '1' : oddsType;
  // One market subscription for the shown sport, kept across menu tabs and pages.
  useLiveTicks(sportId, formatOfCode(oddsCode));

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
                <MenuItem
                  key={sport.id}
                  sport={sport}
                  name={sportName(sport)}
                  selected={sport.id === sportId}
                  onSelect={() => setChosenSport(sport.id)}
                />
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
                // Picks hold prices in the old odds type: the slip starts again.
                useSlip.getState().clear();
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
        <Tabs
          items={MENU_TABS.map((key) => ({ key, label: t(`sportsbook.${key}`) }))}
          value={menu}
          onChange={setMenu}
          label={t('sportsbook.menu')}
          idPrefix="menu"
        />
        <div id="menu-panel" role="tabpanel">
          {sportId !== null && (
            <MarketTable
              key={`${sportId}-${menu}`}
              sportId={sportId}
              menu={menu}
              oddsCode={oddsCode}
              format={formatOfCode(oddsCode)}
            />
          )}
        </div>
      </section>
      <aside className={styles.right}>
        <BetSlip oddsCode={oddsCode} />
        <MyBets />
      </aside>
    </div>
  );
}
