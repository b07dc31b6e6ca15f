import type { GameProduct, GameProviderView } from '@sb/contract';

/** What a game route of the spec shows: a product's lobby, opened on one provider's tab for numbered routes. */
export interface Lobby {
  product: GameProduct;
  /** The n-th provider of the product (1-based) a numbered route opens on: /slots2 is the second studio. */
  providerNumber?: number;
}

/** The spec's game routes (section 2) and their lobbies. */
export const LOBBIES: Record<string, Lobby> = {
  casino: { product: 'live_casino' },
  casino100: { product: 'live_casino', providerNumber: 2 },
  slots: { product: 'slots' },
  ...Object.fromEntries(
    [2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14, 15].map((n) => [
      `slots${n}`,
      { product: 'slots', providerNumber: n },
    ]),
  ),
  fishing: { product: 'fishing' },
  others: { product: 'others' },
  others1: { product: 'others', providerNumber: 2 },
};

export const LOBBY_ROUTES = Object.keys(LOBBIES);

/** The provider a numbered route opens on, if the product has that many studios ('' = every provider). */
export function providerOfRoute(lobby: Lobby, providers: GameProviderView[]): string {
  if (!lobby.providerNumber) return '';
  // Numbered slot routes skip 10 (the spec's table has no /slots10): /slots11 is the tenth studio.
  const index = lobby.providerNumber > 10 ? lobby.providerNumber - 2 : lobby.providerNumber - 1;
  return providers[index]?.code ?? '';
}

/** The launch call of a product (spec: LaunchGame for live casino, launchslotgame for slots and the rest). */
export function launchCallOf(product: GameProduct): 'LaunchGame' | 'launchslotgame' | 'launchgp' {
  if (product === 'live_casino') return 'LaunchGame';
  if (product === 'poker') return 'launchgp';
  return 'launchslotgame';
}

/** The member's game report call of a product. */
export function reportCallOf(product: GameProduct): 'livecasino' | 'slots' {
  return product === 'live_casino' ? 'livecasino' : 'slots';
}

/** The products a member has rounds of, in the report's order, with the lobby whose name they carry. */
export const REPORT_PRODUCTS = [
  { product: 'slots', route: 'slots' },
  { product: 'live_casino', route: 'casino' },
  { product: 'fishing', route: 'fishing' },
  { product: 'others', route: 'others' },
] as const satisfies readonly { product: GameProduct; route: string }[];

export const isReportProduct = (value: string | null): value is (typeof REPORT_PRODUCTS)[number]['product'] =>
  REPORT_PRODUCTS.some((item) => item.product === value);

/** The categories the lobbies translate (the provider's own words otherwise): 'Video Slots' -> video_slots. */
export const KNOWN_CATEGORIES = ['video_slots', 'live_baccarat', 'fishing', 'roulette'] as const;
export type KnownCategory = (typeof KNOWN_CATEGORIES)[number];

export function categoryKey(category: string): KnownCategory | null {
  const key = category
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
  return (KNOWN_CATEGORIES as readonly string[]).includes(key) ? (key as KnownCategory) : null;
}

export interface LobbyFilter {
  /** '' = every provider. */
  provider: string;
  /** '' = every category. */
  category: string;
  search: string;
  view: 'all' | 'favourites' | 'recent';
}

/**
 * The tiles a lobby shows: the provider's and category's games whose name holds the search text (any case);
 * favourites and recently played keep the member's own order (most recent first).
 */
export function filterGames<
  G extends { game_code: string; name: string; provider: string; category: string },
>(
  games: readonly G[],
  filter: LobbyFilter,
  memory: { favourites: readonly string[]; recent: readonly string[] },
): G[] {
  const needle = filter.search.trim().toLowerCase();
  const order =
    filter.view === 'recent' ? memory.recent : filter.view === 'favourites' ? memory.favourites : null;
  const chosen = games.filter(
    (game) =>
      (!filter.provider || game.provider === filter.provider) &&
      (!filter.category || game.category === filter.category) &&
      (!needle || game.name.toLowerCase().includes(needle)) &&
      (!order || order.includes(game.game_code)),
  );
  return order ? chosen.sort((a, b) => order.indexOf(a.game_code) - order.indexOf(b.game_code)) : chosen;
}
