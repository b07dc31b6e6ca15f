import { afterEach, describe, expect, it } from 'vitest';
import type { BrandView } from '@sb/contract';
import { applyBrandToDocument, brandLanguages, offers, routeOffered } from './brand';
import { brandDefaults, pageBrand, resetPageBrand } from './config';
import { storageKey } from './storage';

const JADE: BrandView = {
  code: 'jade',
  name: 'Jade',
  title: 'Jade Sports Betting Platform',
  logo: 'data:image/svg+xml;base64,PHN2Zy8+',
  settings: {
    theme: 'dark',
    colours: { primary: '#6a2c91', accent: '#d4af37' },
    default_language: 'th',
    languages: ['th', 'en', 'vi', 'cn'],
    default_odds_type: 4,
    currencies: ['THB', 'USD'],
    sports_order: [1, 5, 2],
    sports_order_bdt: [1],
    products: ['sportsbook', 'slots', 'lottery'],
    white_label: true,
    support_contact: 'support@jade.example',
    help: {},
  },
};

/** The page as the server serves it for a brand: the brand as base64 JSON in a meta tag. */
function servePageFor(brand: BrandView | null) {
  document.head.querySelectorAll('meta[name^="sb-"]').forEach((meta) => meta.remove());
  if (brand) {
    const meta = document.createElement('meta');
    meta.name = 'sb-brand';
    meta.content = btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(brand))));
    document.head.append(meta);
  }
  resetPageBrand();
}

afterEach(() => servePageFor(null));

describe('the brand of the page', () => {
  it('reads the brand the server injected (UTF-8 safe) and takes its defaults', () => {
    servePageFor({ ...JADE, name: 'Jade 翡翠' });
    expect(pageBrand()?.name).toBe('Jade 翡翠');
    expect(brandDefaults()).toEqual({ language: 'th', oddsType: '4', theme: 'dark' });
  });

  it('white-label mode gives the brand its own storage keys; without a brand the platform keys stay', () => {
    servePageFor(JADE);
    expect(storageKey('layout')).toBe('wl_jade_layout');
    servePageFor({ ...JADE, settings: { ...JADE.settings, white_label: false } });
    expect(storageKey('layout')).toBe('sb_layout');
    servePageFor(null);
    expect(storageKey('layout')).toBe('sb_layout');
    expect(brandDefaults()).toEqual({ language: 'en', oddsType: '1', theme: 'light' });
  });

  it("shows only the brand's products and languages", () => {
    servePageFor(JADE);
    expect(offers('slots')).toBe(true);
    expect(offers('live_casino')).toBe(false);
    expect(
      ['/casino', '/slots3', '/w4d', '/minigame', '/tournament2/home', '/desktop', '/statement'].map(
        routeOffered,
      ),
    ).toEqual([false, true, true, false, false, true, true]);
    expect(brandLanguages(['en', 'cn', 'tw', 'my', 'id', 'jp', 'kr', 'th', 'vi'] as const)).toEqual([
      'en',
      'cn',
      'th',
      'vi',
    ]);
    servePageFor(null);
    expect(routeOffered('/casino')).toBe(true);
  });

  it('sets the title and the colours before the first render', () => {
    servePageFor(JADE);
    applyBrandToDocument();
    expect(document.title).toBe('Jade Sports Betting Platform');
    expect(document.documentElement.style.getPropertyValue('--brand')).toBe('#6a2c91');
    expect(document.documentElement.dataset.brand).toBe('jade');
  });
});
