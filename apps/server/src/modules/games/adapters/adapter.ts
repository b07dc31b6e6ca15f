import type { GameProduct } from '@sb/contract';

/** One game as a provider lists it, already in our terms. */
export interface ProviderGame {
  gameCode: string;
  name: string;
  studio: string;
  studioName: string;
  product: GameProduct;
  category: string;
  thumbnailUrl: string;
  hot: boolean;
  isNew: boolean;
  platforms: string[];
  rtp: string | null;
  enabled: boolean;
}

export interface LaunchRequest {
  /** The member's account_id, as the wallet calls name the user. */
  user: string;
  /** The single-use launch token; absent in fun mode. */
  token: string | undefined;
  /** The member's currency, or 'FUN' in fun mode. */
  currency: string;
  lang: string;
  gameCode: string;
  platform: 'desktop' | 'mobile';
  lobbyUrl: string;
  mode: 'real' | 'demo';
}

/**
 * A game provider (aggregator) as the catalogue and the launch see it. A real aggregator is added by writing
 * one adapter; its wallet calls arrive on /wallet/* under its code (X-Provider-Id).
 */
export interface GameProviderAdapter {
  /** The wallet provider code (wallet_providers.code), e.g. 'sim'. */
  readonly code: string;
  readonly name: string;
  /** The provider's whole game list. Throws when the provider cannot be reached or answers nonsense. */
  listGames(): Promise<ProviderGame[]>;
  /** The URL that opens a game on the provider's host. */
  launchUrl(request: LaunchRequest): Promise<string>;
}
