import type { BrandView } from '@sb/contract';

/**
 * Runtime configuration of the member app. One build serves many brands: the server injects the brand of the
 * host into the page (`<meta name="sb-brand">`, base64 JSON of the contract's brand view, and
 * `<meta name="sb-white-label">`), read here before the first render, so storage keys, defaults, products and
 * the look are the brand's from the start. Without the tags (the dev server) the platform's defaults apply.
 */
const readMeta = (name: string): string | undefined =>
  typeof document === 'undefined'
    ? undefined
    : (document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? undefined);

let cachedBrand: BrandView | null | undefined;

/** The brand this page was served for (null without one). */
export function pageBrand(): BrandView | null {
  if (cachedBrand !== undefined) return cachedBrand;
  const raw = readMeta('sb-brand');
  try {
    cachedBrand = raw ? (JSON.parse(decodeBase64(raw)) as BrandView) : null;
  } catch {
    cachedBrand = null;
  }
  return cachedBrand;
}

/** Tests: forget the brand read from the page. */
export function resetPageBrand(): void {
  cachedBrand = undefined;
}

function decodeBase64(text: string): string {
  const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

export const isWhiteLabel = (): boolean =>
  pageBrand()?.settings.white_label ??
  (readMeta('sb-white-label') === 'true' || import.meta.env.VITE_WHITE_LABEL === 'true');

export const config = {
  defaultBrand: 'Demo',
  defaultLanguage: 'en',
  defaultTheme: 'light',
  /** Every time on screen is shown in GMT+8. */
  timeZone: 'Asia/Kuala_Lumpur',
  timeZoneLabel: 'GMT+8',
  apiBase: '/api',
  /** Calls give up after this long (the spec's chunk time-out is 120 s; calls are shorter). */
  requestTimeoutMs: 30_000,
  /** Balance poll when the push socket is down. */
  balancePollMs: 60_000,
} as const;

/** The brand's defaults over the platform's: language, odds type, theme. */
export const brandDefaults = () => {
  const settings = pageBrand()?.settings;
  return {
    language: settings?.default_language ?? config.defaultLanguage,
    oddsType: String(settings?.default_odds_type ?? 1) as '1' | '2' | '3' | '4' | '5',
    theme: settings?.theme ?? config.defaultTheme,
  };
};
