import type { AppContext } from '../../context';
import type { Executor } from '../../db/types';
import type { GameProviderAdapter } from './adapters/adapter';
import { gamesRepository as repo, type GameRow } from './repository';

/** How long a game row or a provider secret is served from memory before it is read again. */
const CACHE_MS = 30_000;
/** Bound on the games kept in memory (the catalogue holds a few thousand at most). */
const CACHE_MAX = 20_000;

/**
 * The game catalogue: games by code (kept in memory for the wallet's hot path), the wallet providers'
 * secrets, and the sync from each provider adapter's list (new games added, vanished ones unlisted, none
 * deleted).
 */
export class GameCatalogue {
  private readonly games = new Map<string, { row: GameRow | undefined; at: number }>();
  private readonly gamesByPk = new Map<string, { row: GameRow | undefined; at: number }>();
  private secrets: { byCode: Map<string, string>; at: number } | null = null;

  constructor(
    private readonly ctx: AppContext,
    readonly adapters: Map<string, GameProviderAdapter>,
  ) {}

  /** `ex`: the caller's transaction when it has one (never a second connection inside a transaction). */
  async byCode(gameCode: string, ex: Executor = this.ctx.db): Promise<GameRow | undefined> {
    const now = Date.now();
    const hit = this.games.get(gameCode);
    if (hit && now - hit.at < CACHE_MS) return hit.row;
    const row = await repo.gameByCode(ex, gameCode);
    this.remember(gameCode, row, now);
    return row;
  }

  async byPk(gamePk: string, ex: Executor = this.ctx.db): Promise<GameRow | undefined> {
    const now = Date.now();
    const hit = this.gamesByPk.get(gamePk);
    if (hit && now - hit.at < CACHE_MS) return hit.row;
    const row = await repo.gameByPk(ex, gamePk);
    if (row) this.remember(row.game_code, row, now);
    return row;
  }

  /** A wallet provider's HMAC secret (enabled providers only). */
  async secretOf(provider: string): Promise<string | undefined> {
    const now = Date.now();
    if (!this.secrets || now - this.secrets.at >= CACHE_MS) {
      const rows = await repo.walletProviders(this.ctx.db);
      this.secrets = {
        byCode: new Map(rows.filter((row) => row.enabled).map((row) => [row.code, row.secret])),
        at: now,
      };
    }
    return this.secrets.byCode.get(provider);
  }

  /** Registers (or re-keys) a wallet provider; its secret is served at once. */
  async registerProvider(provider: { code: string; name: string; secret: string }): Promise<void> {
    await repo.upsertWalletProvider(this.ctx.db, provider);
    this.secrets = null;
  }

  /** Forgets every cached game (after a sync or a maintenance switch). */
  forget(): void {
    this.games.clear();
    this.gamesByPk.clear();
  }

  /** Syncs one adapter's list into the catalogue; throws when the provider cannot be read. */
  async sync(adapter: GameProviderAdapter): Promise<{ listed: number; added: number; unlisted: number }> {
    const list = await adapter.listGames();
    const { added, unlisted } = await this.ctx.db
      .transaction()
      .execute((trx) => repo.applyGameList(trx, adapter.code, list));
    this.forget();
    return { listed: list.length, added, unlisted };
  }

  /** Syncs every adapter, each on its own: one provider down does not stop the others. */
  async syncAll(): Promise<void> {
    for (const adapter of this.adapters.values()) {
      try {
        const result = await this.sync(adapter);
        this.ctx.log.info({ provider: adapter.code, ...result }, 'game catalogue synced');
      } catch (error) {
        this.ctx.log.warn({ err: error, provider: adapter.code }, 'game catalogue sync failed');
      }
    }
  }

  private remember(gameCode: string, row: GameRow | undefined, at: number): void {
    if (this.games.size >= CACHE_MAX) this.forget();
    this.games.set(gameCode, { row, at });
    if (row) this.gamesByPk.set(row.id, { row, at });
  }
}
