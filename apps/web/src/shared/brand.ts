import { useQuery } from '@tanstack/react-query';
import type { BrandProduct } from '@sb/contract';
import { call } from './api/client';
import { config, pageBrand } from './config';

/** The brand's name: from the page the server served; else /api/version; 'Demo' until it answers. */
export function useBrand(): string {
  const fromPage = pageBrand()?.name;
  const { data } = useQuery({
    queryKey: ['version'],
    queryFn: () => call('version', {}),
    staleTime: Infinity,
    retry: false,
    enabled: fromPage === undefined,
  });
  return fromPage ?? (data?.brand || config.defaultBrand);
}

/** Whether the brand offers a product (every product where the page names no brand). */
export function offers(product: BrandProduct): boolean {
  const products = pageBrand()?.settings.products;
  return products === undefined || products.includes(product);
}

/** The languages the brand offers, in the switcher's usual order (all where the page names no brand). */
export function brandLanguages<T extends string>(all: readonly T[]): T[] {
  const offered = pageBrand()?.settings.languages;
  return offered === undefined
    ? [...all]
    : all.filter((code) => (offered as readonly string[]).includes(code));
}

/** The brand's look before the first render: title, favicon and its two colours as CSS variables. */
export function applyBrandToDocument(): void {
  const brand = pageBrand();
  if (!brand || typeof document === 'undefined') return;
  document.title = brand.title;
  const root = document.documentElement;
  const { primary, accent } = brand.settings.colours;
  root.style.setProperty('--brand', primary);
  root.style.setProperty('--accent', accent);
  root.style.setProperty('--header-bg', `color-mix(in srgb, ${primary} 55%, #000)`);
  root.style.setProperty('--header-border', `color-mix(in srgb, ${primary} 40%, #000)`);
  root.style.setProperty('--nav-bg', `color-mix(in srgb, ${primary} 70%, #000)`);
  root.dataset.brand = brand.code;
}

/** The brand product a route belongs to (routes of no product are always there). */
export function productOfPath(path: string): BrandProduct | null {
  const first = path.replace(/^\//, '').split('/')[0] ?? '';
  if (first === 'casino' || first === 'casino100') return 'live_casino';
  if (/^slots\d*$/.test(first)) return 'slots';
  if (first === 'fishing') return 'fishing';
  if (first === 'others' || first === 'others1') return 'others';
  if (first === 'w4d') return 'lottery';
  if (first === 'minigame') return 'minigame';
  if (first.startsWith('tournament')) return 'tournament';
  if (first === 'desktop') return 'sportsbook';
  return null;
}

/** Whether the brand shows this route. */
export const routeOffered = (path: string): boolean => {
  const product = productOfPath(path);
  return product === null || offers(product);
};

/** The brand's own help text in a language (English where it has none in that one), and its support contact. */
export function brandHelp(language: string): { name: string; text: string; contact: string } | null {
  const brand = pageBrand();
  if (!brand) return null;
  const help = brand.settings.help as Partial<Record<string, string>>;
  return { name: brand.name, text: help[language] ?? help.en ?? '', contact: brand.settings.support_contact };
}
