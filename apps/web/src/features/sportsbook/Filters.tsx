import { useEffect, useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TIME_FILTER_MODES, gmt8DayStart, gmt8DayNumber } from '@sb/domain';
import { call } from '../../shared/api/client';
import { useFormat } from '../../shared/format';
import { saveMemberSettingsQuietly } from '../../shared/settings/api';
import { useLayout } from '../../shared/settings/store';
import { useSlip } from './betslip';
import type { MenuTab } from './markets';
import {
  EARLY_DAYS,
  MARKET_TYPE_CHOICES,
  earlyDaysOf,
  PAGE_SIZES,
  PARLAY_MARKET_TYPES,
  SORTS,
  sortOf,
  type MarketView,
  useScreen,
} from './nav';
import styles from './sportsbook.module.css';

/** The sport's leagues with their open event counts (eventlist), for the league filter. */
export function useSportLeagues(sportId: number | null) {
  return useQuery({
    queryKey: ['cache', 'eventlist', sportId],
    enabled: sportId !== null,
    staleTime: 60_000,
    meta: { errorDialog: false },
    queryFn: async ({ signal }) => {
      const reply = await call('eventlist', sportId === null ? {} : { sport_id: sportId }, { signal });
      return reply.events;
    },
  });
}

/** The league filter: 'filtered' once leagues are chosen, reset by clearing them (spec 4). */
function LeagueFilter({ sportId }: { sportId: number | null }) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const leagues = useSportLeagues(open ? sportId : null);
  const selected = useLayout((state) => state.selectedLeagues);
  const setMenus = useLayout((state) => state.setMenus);
  const [draft, setDraft] = useState<string[]>([]);
  const filtered = selected.length > 0;
  const box = useRef<HTMLDivElement>(null);
  const toggleButton = useRef<HTMLButtonElement>(null);
  const apply = (next: string[]) => {
    setMenus({ selectedLeagues: next });
    useScreen.setState({ page: 1 });
    setOpen(false);
  };
  // An open panel closes, unapplied, on a press outside it or on Escape (focus back on its button).
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: MouseEvent) => {
      if (event.target instanceof Node && box.current?.contains(event.target)) return;
      setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleButton.current?.focus();
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);
  return (
    <div className={styles.leagueFilter} ref={box}>
      <button
        ref={toggleButton}
        type="button"
        className="sb-btn sb-btn--ghost"
        aria-expanded={open}
        aria-controls={`${id}-leagues`}
        onClick={() => {
          setDraft(selected);
          setOpen(!open);
        }}
        data-testid="league-filter"
      >
        {t('sportsbook.leagues')}
        {filtered && (
          <span className="sb-badge" data-testid="league-filtered">
            {t('sportsbook.filtered')}
          </span>
        )}
      </button>
      {filtered && (
        <button
          type="button"
          className="sb-btn sb-btn--ghost"
          onClick={() => apply([])}
          data-testid="league-reset"
        >
          {t('sportsbook.resetLeagues')}
        </button>
      )}
      {open && (
        <div id={`${id}-leagues`} className={styles.leaguePanel} data-testid="league-panel">
          <ul className={styles.leagueList}>
            {(leagues.data ?? []).map(([leagueId, name, , count]) => {
              const key = String(leagueId);
              return (
                <li key={leagueId}>
                  <label className="sb-check">
                    <input
                      type="checkbox"
                      checked={draft.includes(key)}
                      onChange={(event) =>
                        setDraft(
                          event.target.checked ? [...draft, key] : draft.filter((held) => held !== key),
                        )
                      }
                      data-testid={`league-option-${leagueId}`}
                    />
                    <span>
                      {name} <span className={styles.muted}>{count}</span>
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
          <button
            type="button"
            className="sb-btn sb-btn--primary"
            onClick={() => apply(draft)}
            data-testid="league-apply"
          >
            {t('sportsbook.applyLeagues')}
          </button>
        </div>
      )}
    </div>
  );
}

/** The early tab's dates: every date, or one of the next seven GMT+8 days. */
function EarlyDays() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const selectedDays = useLayout((state) => earlyDaysOf(state.selectedDays));
  const setMenus = useLayout((state) => state.setMenus);
  const [today] = useState(() => gmt8DayNumber(Date.now()));
  return (
    <div className={styles.days} role="group" aria-label={t('sportsbook.days')}>
      {EARLY_DAYS.map((day, index) => (
        <button
          key={day}
          type="button"
          className={`sb-btn sb-btn--ghost ${styles.chip}`}
          aria-pressed={selectedDays === day}
          onClick={() => {
            setMenus({ selectedDays: day });
            useScreen.setState({ page: 1 });
          }}
          data-testid={`early-day-${day}`}
        >
          {index === 0 ? t('sportsbook.allDays') : fmt.date(gmt8DayStart(today + index) + 12 * 3_600_000)}
        </button>
      ))}
    </div>
  );
}

/**
 * The filters over the list: market type, time filter (where the spec applies it), early dates, leagues,
 * search, sorting, live only and page size. Choices the spec keeps are in the layout settings.
 */
export function Filters({
  menu,
  view,
  sportId,
  showTimeFilter,
}: {
  menu: MenuTab;
  view: MarketView;
  sportId: number | null;
  showTimeFilter: boolean;
}) {
  const { t } = useTranslation();
  const setMenus = useLayout((state) => state.setMenus);
  const searchText = useLayout((state) => state.searchText);
  const eventSorting = useLayout((state) => state.pageDisplay.eventSorting);
  const pageSize = useLayout((state) => state.pageDisplay.pageSize);
  const setPageDisplay = useLayout((state) => state.setPageDisplay);
  const timeFilter = useScreen((state) => state.timeFilter);
  const setTimeFilter = useScreen((state) => state.setTimeFilter);
  const liveOnly = useScreen((state) => state.liveOnly);
  const setLiveOnly = useScreen((state) => state.setLiveOnly);
  const types = menu === 'parlay' ? PARLAY_MARKET_TYPES : MARKET_TYPE_CHOICES;
  return (
    <div className={styles.filters} data-testid="filters">
      {menu !== 'outright' && (
        <label className="sb-inline-field">
          <span>{t('sportsbook.marketType')}</span>
          <select
            className="sb-select sb-select--compact"
            value={view.code}
            onChange={(event) => {
              setMenus({ menu3: event.target.value });
              useScreen.setState({ page: 1, expanded: null });
              // A market-type change removes the bet slip (spec 4).
              useSlip.getState().clear();
            }}
            data-testid="market-type"
          >
            {types.map((type) => (
              <option key={type} value={type}>
                {t(`sportsbook.marketTypes.${type}`)}
              </option>
            ))}
          </select>
        </label>
      )}
      {showTimeFilter && (
        <label className="sb-inline-field">
          <span>{t('sportsbook.timeFilter')}</span>
          <select
            className="sb-select sb-select--compact"
            value={timeFilter}
            onChange={(event) => setTimeFilter(Number(event.target.value))}
            data-testid="time-filter"
          >
            {TIME_FILTER_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {t(`sportsbook.timeFilters.${mode}`)}
              </option>
            ))}
          </select>
        </label>
      )}
      {menu === 'early' && <EarlyDays />}
      <LeagueFilter sportId={sportId} />
      <input
        type="search"
        className={`sb-input ${styles.search}`}
        placeholder={t('sportsbook.search')}
        aria-label={t('sportsbook.search')}
        value={searchText}
        maxLength={60}
        onChange={(event) => {
          setMenus({ searchText: event.target.value });
          useScreen.setState({ page: 1 });
        }}
        data-testid="market-search"
      />
      <label className="sb-inline-field">
        <span>{t('sportsbook.sort')}</span>
        <select
          className="sb-select sb-select--compact"
          value={eventSorting}
          onChange={(event) => {
            const eventSorting = sortOf(event.target.value);
            setPageDisplay({ eventSorting });
            saveMemberSettingsQuietly({ eventSorting });
          }}
          data-testid="market-sort"
        >
          {SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {t(`sportsbook.sortings.${sort}`)}
            </option>
          ))}
        </select>
      </label>
      {menu !== 'live' && menu !== 'outright' && (
        <label className="sb-check">
          <input
            type="checkbox"
            checked={liveOnly}
            onChange={(event) => setLiveOnly(event.target.checked)}
            data-testid="live-only"
          />
          <span>{t('sportsbook.liveOnly')}</span>
        </label>
      )}
      <label className="sb-inline-field">
        <span>{t('sportsbook.pageSize')}</span>
        <select
          className="sb-select sb-select--compact"
          value={pageSize}
          onChange={(event) => {
            const size = PAGE_SIZES.find((held) => held === event.target.value) ?? '10';
            setPageDisplay({ pageSize: size });
            saveMemberSettingsQuietly({ pageSize: size });
            useScreen.setState({ page: 1 });
          }}
          data-testid="page-size"
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
