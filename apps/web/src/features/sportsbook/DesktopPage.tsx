import { lazy, Suspense, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberSettings } from '@sb/contract';
import { myanmarOddsAllowed } from '@sb/domain';
import { saveMemberSettingsQuietly } from '../../shared/settings/api';
import { useLayout } from '../../shared/settings/store';
import { useSession } from '../../shared/session/store';
import { useMemberSports } from '../../shared/sports';
import { Tabs } from '../../shared/ui/Tabs';
import { Filters } from './Filters';
import { listQueryOf, oddsCodeOf } from './api/market-list';
import { MarketTable, useLiveTicks, useResyncOnReconnect } from './MarketTable';
import { picksOf, useSlip } from './betslip';
import { MENU_TABS, formatOfCode } from './markets';
import { favouriteIds, marketViewOf, menuOf, timeFilterShown, useScreen } from './nav';
import { SportsMenu } from './SportsMenu';
import styles from './sportsbook.module.css';

type OddsType = MemberSettings['oddsType'];

// The bet slip, my bets and the live centre load after the list's first paint, in chunks of their own: the
// screen's first chunk is the list. A click on a price meanwhile goes to the slip's store all the same.
const BetSlip = lazy(() => import('./BetSlip').then((module) => ({ default: module.BetSlip })));
const MyBets = lazy(() => import('./MyBets').then((module) => ({ default: module.MyBets })));
const LiveCentre = lazy(() => import('./LiveCentre').then((module) => ({ default: module.LiveCentre })));

/** The slip's place while its chunk loads: its title and, when it holds no pick, its empty hint. */
function SlipPlaceholder() {
  const { t } = useTranslation();
  const empty = useSlip((state) => picksOf(state).length === 0);
  return (
    <section className={styles.slip} aria-busy="true" data-testid="betslip-loading">
      <h2 className={styles.sideTitle}>{t('sportsbook.betslip.title')}</h2>
      {empty && <p className={styles.muted}>{t('sportsbook.betslip.empty')}</p>}
    </section>
  );
}

/** The value once it has stopped changing for `ms`: typing a search asks the server once, not per key. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * /desktop, the sportsbook: the sports menu (uxmenu) in the member's order with its counts and the
 * favourites; the menu tabs, market type and filters (kept as the spec's menu0..menu3, selectedDays, selected
 * leagues and search text); the virtualised match list with live ticks; the live centre; the bet slip and
 * my bets.
 */
export function DesktopPage() {
  const { t } = useTranslation();
  const id = useId();
  const { sports } = useMemberSports();
  const oddsType = useLayout((state) => state.pageDisplay.oddsType);
  const setPageDisplay = useLayout((state) => state.setPageDisplay);
  const menu0 = useLayout((state) => state.menu0);
  const menu1 = useLayout((state) => state.menu1);
  const menu2 = useLayout((state) => state.menu2);
  const menu3 = useLayout((state) => state.menu3);
  const setMenus = useLayout((state) => state.setMenus);
  const selectedLeagues = useLayout((state) => state.selectedLeagues);
  const selectedDays = useLayout((state) => state.selectedDays);
  const favourites = useLayout((state) => state.favourites);
  const search = useDebounced(
    useLayout((state) => state.searchText.trim()),
    300,
  );
  const pageDisplay = useLayout((state) => state.pageDisplay);
  const screen = useScreen();
  const currency = useSession((state) => state.account?.info.currency);
  const viewOnly = useSession((state) => state.viewOnly);
  const myanmarAllowed = myanmarOddsAllowed(currency ?? '');
  const oddsTypes: OddsType[] = myanmarAllowed ? ['1', '2', '3', '4', '5'] : ['1', '2', '3', '4'];
  // menu2 names the sport; one the menu no longer offers falls back to the first in the member's order. While
  // the menu loads, the stored sport's list is fetched already (the two calls run side by side).
  const menuLoaded = sports.length > 0;
  const sportId = !menuLoaded || sports.some((sport) => sport.id === menu2) ? menu2 : (sports[0]?.id ?? null);
  const menu = menuOf(menu1);
  const view = marketViewOf(menu, menu3);
  const oddsCode = oddsCodeOf(oddsType, currency ?? '');
  const format = formatOfCode(oddsCode);
  const favouritesMode = menu0 === 'fav';
  const showTimeFilter = !favouritesMode && timeFilterShown({ menu0 }, menu, sportId);
  // One market subscription for the shown sport, kept across menu tabs and pages.
  // The favourites come from several sports: each favourite match's own topic (at most 200, as uxmatch2).
  const topics = useMemo(
    () =>
      favouritesMode
        ? favouriteIds(favourites)
            .slice(0, 200)
            .map((matchId) => `match:${matchId}`)
        : sportId === null
          ? []
          : [`sport:${sportId}`],
    [favouritesMode, favourites, sportId],
  );
  useLiveTicks(topics, format);
  useResyncOnReconnect();

  const query = listQueryOf({
    layout: {
      menu0,
      menu1,
      menu3,
      selectedLeagues,
      selectedDays,
      favourites,
      pageDisplay,
    },
    screen,
    sportId,
    search,
    currency: currency ?? '',
  });

  return (
    <div className={styles.layout}>
      <SportsMenu sportId={sportId} />
      <section className={styles.main} aria-labelledby={`${id}-title`}>
        <div className={styles.toolbar}>
          <h1 id={`${id}-title`}>{t('products.desktop')}</h1>
          <label className="sb-inline-field">
            <span>{t('settings.oddsType')}</span>
            <select
              className="sb-select sb-select--compact"
              value={oddsCode}
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
        {screen.liveCentre !== null && (
          <Suspense fallback={null}>
            <LiveCentre
              key={screen.liveCentre}
              matchId={screen.liveCentre}
              oddsCode={oddsCode}
              format={format}
            />
          </Suspense>
        )}
        {!favouritesMode && (
          <Tabs
            items={MENU_TABS.map((key) => ({ key, label: t(`sportsbook.${key}`) }))}
            value={menu}
            onChange={(next) => {
              setMenus({ menu1: next });
              useScreen.setState({ page: 1, expanded: null });
            }}
            label={t('sportsbook.menu')}
            idPrefix="menu"
          />
        )}
        <Filters menu={menu} view={view} sportId={sportId} showTimeFilter={showTimeFilter} />
        <div id="menu-panel" role="tabpanel">
          {query && <MarketTable query={query} format={format} />}
        </div>
      </section>
      <aside className={styles.right}>
        <Suspense fallback={<SlipPlaceholder />}>
          <BetSlip oddsCode={oddsCode === '5' ? '1' : oddsCode} />
        </Suspense>
        <Suspense fallback={null}>
          <MyBets />
        </Suspense>
      </aside>
    </div>
  );
}
