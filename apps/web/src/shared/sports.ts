/**
 * Sports known to the menu and the sports-order setting. Local until @sb/domain exports its sports
 * list and ordering rule; the ordering rule below follows spec section 4.
 */
export const SPORTS = [
  { id: 1, key: 'soccer' },
  { id: 2, key: 'basketball' },
  { id: 3, key: 'football' },
  { id: 4, key: 'iceHockey' },
  { id: 5, key: 'tennis' },
  { id: 6, key: 'volleyball' },
  { id: 7, key: 'snooker' },
  { id: 8, key: 'baseball' },
  { id: 9, key: 'badminton' },
  { id: 10, key: 'golf' },
  { id: 11, key: 'motorsports' },
  { id: 16, key: 'boxing' },
  { id: 18, key: 'tableTennis' },
  { id: 24, key: 'handball' },
  { id: 25, key: 'darts' },
  { id: 26, key: 'rugby' },
] as const;

export type SportKey = (typeof SPORTS)[number]['key'];

/** The configured default list (the spec keeps another for BDT members). */
const DEFAULT_LIST = [1, 2, 5, 8, 4, 6];
const DEFAULT_LIST_BDT = [1, 5, 2, 8, 9, 18];

/** The configured list first, then the rest by name (spec section 4). */
export function defaultSportsOrder(currency?: string): number[] {
  const head = currency === 'BDT' ? DEFAULT_LIST_BDT : DEFAULT_LIST;
  const rest = SPORTS.filter((sport) => !head.includes(sport.id))
    .slice()
    .sort((a, b) => a.key.localeCompare(b.key))
    .map((sport) => sport.id);
  return [...head, ...rest];
}

/** A custom order is used only while it names the same number of sports; otherwise the default wins. */
export function effectiveSportsOrder(custom: readonly number[], currency?: string): number[] {
  const fallback = defaultSportsOrder(currency);
  if (custom.length !== fallback.length) return fallback;
  const known = new Set(fallback);
  return custom.every((id) => known.has(id)) ? [...custom] : fallback;
}

export const sportKey = (id: number): SportKey | undefined => SPORTS.find((sport) => sport.id === id)?.key;
