import { describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import i18n from 'i18next';
import cn from '../../locales/cn.json';
import { useLayout } from '../../shared/settings/store';
import { menuReply, mockFetch, renderWithProviders, signIn } from '../../test/utils';
import { DesktopPage } from './DesktopPage';

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
});
