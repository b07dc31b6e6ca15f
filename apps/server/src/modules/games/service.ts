import type {
  GameListReply,
  GameListRequest,
  GameProduct,
  GameReportReply,
  GameReportRequest,
  GameView,
  LaunchGameReply,
  LaunchGameRequest,
} from '@sb/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { formatMinor } from '../../lib/money';
import { newSessionToken } from '../../lib/security';
import type { AccountService } from '../account/service';
import { requestedRange, windowOf } from '../statement/service';
import type { GameProviderAdapter } from './adapters/adapter';
import { SimAdapter } from './adapters/sim';
import { GameCatalogue } from './catalogue';
import { gamesRepository as repo, type GameRow } from './repository';
import { WalletService } from './wallet';

/** Rounds closed a pass of the closing job (it runs again on the next tick when more are due). */
const ROUND_CLOSE_BATCH = 1_000;
/** How often open rounds are looked at for the 48 h rule. */
/** How often rounds left open too long are looked for (the games-stale-rounds job). */
export const ROUND_CLOSE_INTERVAL_MS = 60_000;

/**
 * Provider games for members: the lobbies' game lists, launches (single-use launch token, fun mode without
 * wallet, product switches and account states checked) and the game reports. The wallet the providers call
 * is WalletService; the catalogue and its sync GameCatalogue.
 */
export class GamesService {
  readonly catalogue: GameCatalogue;
  readonly wallet: WalletService;
  private syncing: Promise<void> | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly accounts: AccountService,
    adapters: GameProviderAdapter[] = defaultAdapters(ctx),
  ) {
    this.catalogue = new GameCatalogue(ctx, new Map(adapters.map((adapter) => [adapter.code, adapter])));
    this.wallet = new WalletService(ctx, this.catalogue);
  }

  /**
   * Background work of the module (no shared jobs folder exists yet, so the timers live here): the catalogue
   * sync at start and on an interval, and the closing of rounds left open too long. With no provider
   * configured (PROVIDER_SIM_URL unset) there is nothing to sync; the round closer still runs.
   */
  async start(): Promise<void> {
    const sim = this.ctx.config.games;
    if (sim.simUrl && sim.simSecret)
      await this.catalogue.registerProvider({ code: 'sim', name: 'Demo Gaming', secret: sim.simSecret });
    if (this.catalogue.adapters.size > 0) await this.syncCatalogue();
  }

  /** The catalogue sync from every adapter (the games-catalogue job); a sync under way is not started twice. */
  async syncCatalogue(): Promise<void> {
    if (this.catalogue.adapters.size === 0) return;
    this.syncing ??= this.catalogue.syncAll().finally(() => {
      this.syncing = null;
    });
    await this.syncing;
  }

  async stop(): Promise<void> {
    await this.syncing;
  }

  /** Closes rounds open longer than GAME_ROUND_CLOSE_HOURS; their open bets stand as lost. */
  async closeStaleRounds(): Promise<number> {
    const before = new Date(this.ctx.now().getTime() - this.ctx.config.games.roundCloseMs);
    return repo.closeStaleRounds(this.ctx.db, before, ROUND_CLOSE_BATCH);
  }

  async gameList(input: GameListRequest): Promise<GameListReply> {
    const { account } = await this.accounts.requireSession(input);
    const rows = await repo.lobbyGames(this.ctx.db, { product: input.product, brandId: account.brand_id });
    const providers = new Map<string, { code: string; name: string; game_count: number }>();
    for (const row of rows) {
      const provider = providers.get(row.studio) ?? {
        code: row.studio,
        name: row.studio_name,
        game_count: 0,
      };
      provider.game_count += 1;
      providers.set(row.studio, provider);
    }
    const games = rows.filter((row) => input.provider === undefined || row.studio === input.provider);
    return { providers: [...providers.values()], games: games.map(gameView) };
  }

  /**
   * A launch URL on the provider's host. Real mode: a single-use launch token (valid GAME_LAUNCH_TOKEN_TTL,
   * bound to member, game and currency) that the provider swaps on /wallet/check. Fun mode: no token, no
   * wallet; a suspended (view-only) member may still play for fun.
   */
  async launch(
    input: LaunchGameRequest,
    products: readonly GameProduct[],
    lobbyUrl: string,
  ): Promise<LaunchGameReply> {
    const session = await this.accounts.requireSession(input);
    const { account } = session;
    const game = await this.catalogue.byCode(input.game_code);
    if (
      !game ||
      !game.listed ||
      !products.includes(game.product as GameProduct) ||
      (await repo.isBlockedForBrand(this.ctx.db, game.id, account.brand_id))
    )
      throw new AppError('not_found', { field: 'game_code' });
    const adapter = this.catalogue.adapters.get(game.wallet_provider);
    if (!adapter || game.maintenance || !game.provider_enabled || !game.studio_enabled)
      throw new AppError('game_maintenance');
    if (game.product === 'live_casino') {
      const upline = await repo.uplineSwitches(this.ctx.db, account.path, String(account.id));
      const switches = [account.features, ...upline.map((row) => row.features)];
      if (switches.some((features) => features?.live_casino === false))
        throw new AppError('liveCasinoDisabled');
    }
    const common = {
      user: account.account_id,
      lang: input.lang,
      gameCode: game.game_code,
      platform: input.platform,
      lobbyUrl,
    };
    if (input.mode === 'fun') {
      const url = await this.providerUrl(adapter, {
        ...common,
        token: undefined,
        currency: 'FUN',
        mode: 'demo',
      });
      return { url };
    }
    if (session.viewOnly) throw new AppError('SUSPEND');
    if (!account.currency) throw new AppError('invalidCurrency');
    const token = newSessionToken();
    await repo.insertLaunchToken(this.ctx.db, {
      token,
      accountPk: String(account.id),
      gamePk: game.id,
      currency: account.currency,
      expiresAt: new Date(this.ctx.now().getTime() + this.ctx.config.games.launchTokenTtlMs),
    });
    const url = await this.providerUrl(adapter, {
      ...common,
      token,
      currency: account.currency,
      mode: 'real',
    });
    return { url };
  }

  /** The member's rounds of the products asked for, in a date range like the statement calls (opened in it). */
  async report(input: GameReportRequest, products: readonly GameProduct[]): Promise<GameReportReply> {
    const { account } = await this.accounts.requireSession(input);
    const { from, to } = rangeOf(input);
    const result = await repo.rounds(this.ctx.db, {
      accountPk: String(account.id),
      products: [...products],
      from,
      to,
      limit: input.page_size,
      offset: (input.page - 1) * input.page_size,
    });
    return {
      rows: result.rows.map((row) => ({
        round_id: row.round,
        game_code: row.game_code,
        game_name: row.game_name,
        provider: row.studio,
        product: row.product as GameProduct,
        stake: formatMinor(row.stake),
        win: formatMinor(row.win),
        net: formatMinor(row.win - row.stake),
        bet_time: row.opened_at.toISOString(),
        settle_time: row.closed_at?.toISOString() ?? null,
        status: row.status === 'closed' ? 'closed' : 'open',
      })),
      total: {
        stake: formatMinor(result.stake),
        win: formatMinor(result.win),
        net: formatMinor(result.win - result.stake),
      },
      page: input.page,
      page_size: input.page_size,
      total_rows: result.total,
    };
  }

  /** A provider that cannot answer a launch leaves the game unplayable for now: game_maintenance. */
  private async providerUrl(
    adapter: GameProviderAdapter,
    request: Parameters<GameProviderAdapter['launchUrl']>[0],
  ): Promise<string> {
    try {
      return await adapter.launchUrl(request);
    } catch (error) {
      this.ctx.log.warn({ err: error, provider: adapter.code, game: request.gameCode }, 'game launch failed');
      throw new AppError('game_maintenance');
    }
  }
}

/** The adapters the configuration names: the simulator when PROVIDER_SIM_URL and its secret are set. */
function defaultAdapters(ctx: AppContext): GameProviderAdapter[] {
  const { simUrl, simSecret, operatorCode } = ctx.config.games;
  if (!simUrl) return [];
  if (!simSecret) {
    ctx.log.warn('PROVIDER_SIM_URL is set without PROVIDER_SIM_SECRET: provider games stay idle');
    return [];
  }
  return [new SimAdapter({ baseUrl: simUrl, secret: simSecret, operatorCode })];
}

function gameView(row: GameRow): GameView {
  return {
    game_code: row.game_code,
    name: row.name,
    provider: row.studio,
    provider_name: row.studio_name,
    product: row.product as GameProduct,
    category: row.category,
    thumbnail: row.thumbnail_url,
    hot: row.hot,
    new: row.is_new,
    maintenance: row.maintenance || !row.provider_enabled,
    platforms: row.platforms,
  };
}

/** Dates as the statement calls take them: a working_date, or start_date and end_date (at most 93 days). */
function rangeOf(input: { working_date?: string; start_date?: string; end_date?: string }): {
  from: Date;
  to: Date;
} {
  return windowOf(requestedRange(input));
}
