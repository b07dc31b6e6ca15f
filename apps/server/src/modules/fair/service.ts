import type { RevealedSeed, SeedView } from '@sb/contract';
import { randomBytes } from 'node:crypto';
import {
  FairStream,
  bettingDay,
  recomputeRound,
  seedHash,
  type FairGame,
  type FairOutcome,
  type RaceKind,
} from '@sb/domain';
import type { AppContext } from '../../context';
import type { Executor, Trx } from '../../db/types';
import type { FairSeedTable } from '../../db/schema';
import type { Selectable } from 'kysely';
import { AppError } from '../../lib/app-error';
import { fairRepository as repo } from './repository';

type SeedRow = Selectable<FairSeedTable>;

/** Scopes whose seed rotates each betting day: the draws (4D; keno and number game), the shared crash rounds and
 * the virtual races. */
export const DAILY_SCOPES = ['lottery', 'crash', 'draws', 'racing'] as const;
export type DailyScope = (typeof DAILY_SCOPES)[number];
const MAX_CREATE_ATTEMPTS = 3;
const DAY_MS = 86_400_000;
/** Unrevealed seeds a daily scope can hold: today's, tomorrow's, and days missed while nothing played. */
const MAX_ACTIVE_DAYS = 64;

function isDailyScope(scope: string): scope is DailyScope {
  return (DAILY_SCOPES as readonly string[]).includes(scope);
}

/** A daily scope's seed for one betting day; `YYYY-MM-DD` keys sort as their days do. */
const dayKey = (scope: DailyScope, day: string) => `${scope}:${day}`;
const dayKeyPrefix = (scope: DailyScope) => `${scope}:`;

/** What a round stored about its seed: the verify call finds it through the game that played it. */
export interface StoredRound {
  seedId: string;
  nonce: number;
  /** The outcome the game recorded, to compare with the recomputation. */
  outcome: FairOutcome;
  cards?: number;
  /** Racing: the field drawn and its ratings (from the race's ratings round). */
  race?: RaceKind;
  ratings?: number[];
}

export const memberScope = (accountPk: string) => `member:${accountPk}`;

/**
 * The provably fair source's server side. A seed is 32 random bytes (hex) committed by its SHA-256 before any
 * round uses it; each round takes the seed's next nonce atomically; a rotation reveals the seed and commits
 * a new one. Outcomes themselves are computed by @sb/domain (FairStream), the same code the verify screen runs.
 */
export class FairService {
  constructor(private readonly ctx: AppContext) {}

  /**
   * The scope's seed in use, created (committed) if there is none. A daily scope keeps one seed per betting day
   * (stored under `scope:day`): the first use on a new day reveals the earlier days' seeds, and the next day's seed
   * is committed a day ahead (see view), so a bet placed before the rollover on a round drawn after it was placed
   * against a published commitment too.
   */
  async current(ex: Executor, scope: string, clientSeed?: string): Promise<SeedRow> {
    if (!isDailyScope(scope)) return this.activeOrCreate(ex, scope, clientSeed);
    const todayKey = dayKey(scope, bettingDay(this.ctx.now().getTime()));
    // One read in the common case: the scope's unrevealed days, today's among them.
    let today: SeedRow | undefined;
    for (const seed of await repo.activeOfDays(ex, dayKeyPrefix(scope), MAX_ACTIVE_DAYS)) {
      if (seed.scope < todayKey) await repo.reveal(ex, String(seed.id), this.ctx.now());
      else if (seed.scope === todayKey) today = seed;
    }
    return today ?? this.activeOrCreate(ex, todayKey, clientSeed ?? defaultClientSeed(scope));
  }

  /** A daily scope's seed for the next betting day: committed now, used from the rollover on. */
  async nextDay(ex: Executor, scope: DailyScope): Promise<SeedRow> {
    const tomorrow = bettingDay(this.ctx.now().getTime() + DAY_MS);
    return this.activeOrCreate(ex, dayKey(scope, tomorrow), defaultClientSeed(scope));
  }

  private async activeOrCreate(ex: Executor, key: string, clientSeed?: string): Promise<SeedRow> {
    for (let attempt = 0; attempt < MAX_CREATE_ATTEMPTS; attempt += 1) {
      const active = await repo.active(ex, key);
      if (active) return active;
      const serverSeed = randomBytes(32).toString('hex');
      const created = await repo.insert(ex, {
        scope: key,
        serverSeed,
        seedHash: seedHash(serverSeed),
        clientSeed: clientSeed ?? defaultClientSeed(key),
        at: this.ctx.now(),
      });
      if (created) return created;
    }
    throw new Error(`no seed could be made for ${key}`);
  }

  /** A round's randomness: the scope's seed and its next nonce, taken in the caller's transaction. */
  async round(trx: Trx, scope: string): Promise<{ seedId: string; nonce: number; stream: FairStream }> {
    const seed = await this.current(trx, scope);
    const nonce = await repo.takeNonce(trx, String(seed.id));
    if (nonce === null) throw new Error(`seed ${String(seed.id)} was revealed under a round`);
    return {
      seedId: String(seed.id),
      nonce,
      stream: new FairStream(seed.server_seed, seed.client_seed, nonce),
    };
  }

  /** The stream of a round already started (hi-lo reads on, step by step). */
  async stream(ex: Executor, seedId: string, nonce: number): Promise<FairStream> {
    const seed = await repo.byId(ex, seedId);
    if (!seed) throw new Error(`seed ${seedId} is missing`);
    return new FairStream(seed.server_seed, seed.client_seed, nonce);
  }

  /** The commitment in force for a scope (never the seed itself). */
  async view(scope: string): Promise<SeedView> {
    return seedView(await this.current(this.ctx.db, scope));
  }

  /** A shared game's commitment in force and the next betting day's, as the fairness panel shows them. */
  async dailyView(scope: DailyScope): Promise<SeedView> {
    const view = await this.view(scope);
    return { ...view, next_seed_hash: (await this.nextDay(this.ctx.db, scope)).seed_hash };
  }

  /** Reveals the scope's seed and commits a new one (a member's own on request, with a new client seed). */
  async rotate(
    scope: string,
    clientSeed?: string,
  ): Promise<{ revealed: RevealedSeed | null; current: SeedView }> {
    return this.ctx.db.transaction().execute(async (trx) => {
      const active = await this.current(trx, scope);
      await repo.reveal(trx, String(active.id), this.ctx.now());
      const next = await this.current(trx, scope, clientSeed ?? active.client_seed);
      const revealed = await repo.byId(trx, String(active.id));
      return { revealed: revealed ? revealedView(revealed) : null, current: seedView(next) };
    });
  }

  async revealedSeeds(scope: string, limit = 30): Promise<RevealedSeed[]> {
    const rows = isDailyScope(scope)
      ? await repo.revealedOfDays(this.ctx.db, dayKeyPrefix(scope), limit)
      : await repo.revealed(this.ctx.db, scope, limit);
    return rows.map(revealedView);
  }

  /**
   * Recomputes a stored round from its revealed seed and compares with what the game recorded. A round whose
   * seed is still in use answers seedNotRevealed with the commitment (the member rotates to reveal it).
   */
  async verifyStored(game: FairGame, round: StoredRound) {
    const seed = await repo.byId(this.ctx.db, round.seedId);
    if (!seed) throw new AppError('roundNotExists');
    if (!seed.revealed_at) {
      throw new AppError('seedNotRevealed', { extra: { seed_hash: seed.seed_hash, nonce: round.nonce } });
    }
    const outcome = recomputeRound({
      game,
      serverSeed: seed.server_seed,
      clientSeed: seed.client_seed,
      nonce: round.nonce,
      ...(round.cards !== undefined ? { cards: round.cards } : {}),
      ...(round.race !== undefined ? { race: round.race } : {}),
      ...(round.ratings !== undefined ? { ratings: round.ratings } : {}),
    });
    return {
      game,
      server_seed: seed.server_seed,
      seed_hash: seed.seed_hash,
      hash_matches: seedHash(seed.server_seed) === seed.seed_hash,
      client_seed: seed.client_seed,
      nonce: round.nonce,
      outcome,
      stored: round.outcome,
      matches: JSON.stringify(outcome) === JSON.stringify(round.outcome),
    };
  }
}

function defaultClientSeed(scope: string): string {
  // Shared games use a public client seed (the scope); a member's starts random and is theirs to change.
  return scope.startsWith('member:') ? randomBytes(8).toString('hex') : `${scope}-public`;
}

function seedView(seed: SeedRow): SeedView {
  return {
    seed_hash: seed.seed_hash,
    client_seed: seed.client_seed,
    next_nonce: seed.next_nonce,
    created_at: seed.created_at.toISOString(),
  };
}

function revealedView(seed: SeedRow): RevealedSeed {
  return {
    ...seedView(seed),
    server_seed: seed.server_seed,
    revealed_at: (seed.revealed_at ?? seed.created_at).toISOString(),
  };
}
