import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, LANGUAGES } from '@sb/contract';
import { LANGUAGE_CODES } from '../i18n/languages';
import { storageKey } from '../storage';
import { DEFAULT_MEMBER_SETTINGS } from './defaults';
import { LAYOUT_KEYS, defaultLayout, persistLayout, useLayout } from './store';

afterEach(() => document.head.querySelector('meta[name="sb-white-label"]')?.remove());

describe('layout settings', () => {
  it('match the contract (kept as values only to keep zod out of the first chunk)', () => {
    expect(DEFAULT_MEMBER_SETTINGS).toEqual(DEFAULT_SETTINGS);
    expect([...LANGUAGE_CODES]).toEqual([...LANGUAGES]);
  });

  it('default to the spec values', () => {
    const layout = defaultLayout();
    expect(layout.pageDisplay).toEqual({
      language: 'en',
      oddsType: '1',
      pageType: '2',
      showScoreMap: 'false',
      showQuickOdds: 'false',
      eventSorting: '1',
      marketType: '1',
      pageSize: '10',
      mmoType: '1',
    });
    expect(layout.betting).toEqual({
      defaultStake: '3',
      acceptBetterOdds: 'false',
      acceptAnyOdds: 'false',
      autoRefreshOdds: 'true',
      quickBet: 'false',
      defaultStakeAmount: '1',
      quickBetAmount: '1',
    });
    expect([layout.menu0, layout.menu1, layout.menu2, layout.menu3, layout.selectedDays]).toEqual([
      'all',
      'today',
      1,
      'hdpou',
      '1',
    ]);
    expect(layout.minimizer).toEqual({ header: false, sidebar: false, asidebar: false });
  });

  it('are written one key each under the prefix', () => {
    persistLayout();
    for (const key of LAYOUT_KEYS) expect(localStorage.getItem(`sb_${key}`), key).not.toBeNull();
    expect(JSON.parse(localStorage.getItem('sb_menu3') ?? '""')).toBe('hdpou');
    useLayout.getState().setTheme('dark');
    expect(JSON.parse(localStorage.getItem('sb_theme') ?? '""')).toBe('dark');
  });

  it('use another prefix in white-label mode', () => {
    expect(storageKey('pageDisplay')).toBe('sb_pageDisplay');
    const meta = document.createElement('meta');
    meta.name = 'sb-white-label';
    meta.content = 'true';
    document.head.append(meta);
    expect(storageKey('pageDisplay')).toBe('wl_pageDisplay');
  });

  it('take the server settings at login but keep the language picked on screen', () => {
    useLayout.getState().applyServerSettings({ ...DEFAULT_SETTINGS, oddsType: '3', language: 'th' }, 'vi');
    expect(useLayout.getState().pageDisplay).toMatchObject({ oddsType: '3', language: 'vi' });
  });
});
