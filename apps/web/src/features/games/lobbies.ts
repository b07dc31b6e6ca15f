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
