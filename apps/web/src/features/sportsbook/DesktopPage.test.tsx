import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import cn from '../../locales/cn.json';
import { useLayout } from '../../shared/settings/store';
import { menuReply, mockFetch, renderWithProviders, signIn } from '../../test/utils';
import { DesktopPage, desktopLoader } from './DesktopPage';
import { marketReply } from './fixtures';
import { useScreen } from './nav';

const names = async () =>
  within(await screen.findByTestId('sports-menu'))
    .getAllByRole('listitem')
    .map((item) => item.firstElementChild?.textContent);

describe('DesktopPage sports menu', () => {
  it("shows the server's sports in the default order with their live, today and early counts", async () => {
    signIn();
    const fetch = mockFetch({ '/cache/uxmenu': () => menuReply() });
    renderWithProviders(<DesktopPage />);
    expect(await names()).toEqual([
      'Soccer',
      'Basketball',
      'Tennis',
      'Baseball',
      'Ice Hockey',
      'Volleyball',
      'E-Sports',
      'Handball',
      'Table Tennis',
    ]);
    expect(fetch.callsTo('/cache/uxmenu')).toEqual([{}]);
    expect(screen.getByTestId('menu-sport-1-live').textContent).toBe('Live 3');
    expect(screen.getByTestId('menu-sport-1-today').textContent).toBe('Today 12');
    expect(screen.getByTestId('menu-sport-1-early').textContent).toBe('Early 40');
  });

  it("follows the member's custom order while it names every offered sport", async () => {
    signIn();
    useLayout.getState().setCustomSportsOrder([18, 24, 60, 6, 4, 8, 5, 2, 1]);
    mockFetch({ '/cache/uxmenu': () => menuReply() });
    renderWithProviders(<DesktopPage />);
    expect((await names())[0]).toBe('Table Tennis');
  });

  it('replaces a custom order whose count differs by the default', async () => {
    signIn();
    useLayout.getState().setCustomSportsOrder([2, 1]);
    mockFetch({ '/cache/uxmenu': () => menuReply() });
    renderWithProviders(<DesktopPage />);
    expect((await names()).slice(0, 3)).toEqual(['Soccer', 'Basketball', 'Tennis']);
  });

  it("translates the common sports and falls back to the server's name", async () => {
    signIn();
    mockFetch({ '/cache/uxmenu': () => menuReply() });
    i18n.addResourceBundle('cn', 'translation', cn, true, true);
    await act(() => i18n.changeLanguage('cn'));
    try {
      renderWithProviders(<DesktopPage />);
      const shown = await names();
      expect(shown).toContain('足球');
      expect(shown).toContain('电子竞技');
      expect(shown).toContain('Table Tennis');
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('says so when the menu cannot be loaded', async () => {
    signIn();
    mockFetch({ '/cache/uxmenu': () => ({ status: '0', statusdesc: 'systemError', message: '' }) });
    renderWithProviders(<DesktopPage />);
    expect(await screen.findByTestId('error-state')).toBeTruthy();
  });

  it("starts the first list from the route's loader with the stored choices; the screen takes it without asking again", async () => {
    signIn();
    useScreen.setState({ timeFilter: 0, liveOnly: false, page: 1, expanded: null, liveCentre: null });
    useLayout.getState().setMenus({ menu1: 'early', menu2: 1, menu3: 'hdpou', selectedDays: '4' });
    useLayout.getState().setPageDisplay({ pageSize: '50', eventSorting: '3' });
    const fetch = mockFetch({ '/cache/uxmenu': () => menuReply(), '/cache/uxmarket': () => marketReply() });
    expect(desktopLoader()).toBeNull();
    // Asked for at once, before anything renders.
    expect(fetch.callsTo('/cache/uxmarket')).toEqual([
      expect.objectContaining({
        sport_id: 1,
        menu: 'early',
        market_type: 'hdpou',
        odds_type: '1',
        sort: '3',
        selected_days: '4',
        page: 1,
        page_size: 50,
      }),
    ]);
    renderWithProviders(<DesktopPage />);
    expect(await screen.findByTestId('match-row-11')).toBeTruthy();
    await waitFor(() => expect(fetch.callsTo('/cache/uxmenu')).toHaveLength(1));
    expect(fetch.callsTo('/cache/uxmarket')).toHaveLength(1);
  });
});
