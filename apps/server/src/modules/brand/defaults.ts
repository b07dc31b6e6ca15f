import { BRAND_PRODUCTS, LANGUAGES, brandSettings, type BrandSettings } from '@sb/contract';

/** A brand's settings where the operator set nothing: the platform as one deployment served it. */
export const DEFAULT_BRAND_SETTINGS: BrandSettings = {
  theme: 'light',
  colours: { primary: '#0d6b58', accent: '#f2b01e' },
  default_language: 'en',
  languages: [...LANGUAGES],
  default_odds_type: 1,
  currencies: ['MYR', 'USD', 'CNY', 'IDR', 'THB', 'SGD', 'MMK'],
  sports_order: [1, 2, 5, 8, 4, 6],
  sports_order_bdt: [1, 5, 2, 8, 9, 18],
  products: [...BRAND_PRODUCTS],
  white_label: false,
  support_contact: '',
  help: {},
};

/**
 * A brand's stored settings over the defaults. A stored value that no longer passes the contract (an older
 * shape) falls back to the defaults whole rather than serving half a brand.
 */
export function settingsOf(stored: string): BrandSettings {
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return DEFAULT_BRAND_SETTINGS;
  }
  const merged = brandSettings.safeParse({
    ...DEFAULT_BRAND_SETTINGS,
    ...(typeof parsed === 'object' && parsed !== null ? parsed : {}),
  });
  return merged.success ? merged.data : DEFAULT_BRAND_SETTINGS;
}

/** The page title (spec section 1): the brand plus 'Sports Betting Platform'. */
export const titleOf = (name: string) => `${name} Sports Betting Platform`;

/** A generated mark for a brand (its initial on its colours), as an SVG data URL: logo and favicon. */
export function logoOf(name: string, settings: BrandSettings): string {
  const initial = (name.trim()[0] ?? '?').toUpperCase().replace(/[<>&"']/g, '');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">` +
    `<rect width="64" height="64" rx="14" fill="${settings.colours.primary}"/>` +
    `<circle cx="50" cy="14" r="8" fill="${settings.colours.accent}"/>` +
    `<text x="32" y="44" font-family="Arial,sans-serif" font-size="34" font-weight="700" ` +
    `text-anchor="middle" fill="#ffffff">${initial}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
