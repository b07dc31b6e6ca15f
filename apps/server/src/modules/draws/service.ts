import {
  KENO_MARGIN_BPS,
  NUMBER_MARGIN_BPS,
  drawKeno,
  drawNumberGame,
  drawSummary,
  kenoMarkets,
  kenoPickMarket,
  numberMarkets,
  type DrawMarket,
  type FairOutcome,
} from '@sb/domain';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import type { FeedEvent } from '../catalog/events';
import { catalogRecords, type CatalogService } from '../catalog/service';
import type { FairService, StoredRound } from '../fair/service';
import { drawsRepository as repo, type DrawGame } from './repository';

/** The fair source's scope of every draw (a shared seed, committed before use and revealed daily). */
export const DRAWS_SCOPE = 'draws';

interface GameDef {
  sportId: number;
  /** The config's cadence of this game (keno every 5 minutes by default, rules.md decision 13). */
  cadence: keyof Config['cadenceMs'];
  /** How many draws are listed (and priced) ahead. */
  ahead: number;
  title: string;
  markets: () => DrawMarket[];
}

/** The sports are the catalogue's (feed/sports/catalogue.ts): 161 number game, 162 keno. */
export const DRAW_GAMES: Record<DrawGame, GameDef> = {
  keno: {
    sportId: 162,
    cadence: 'keno',
    ahead: 6,
    title: 'Keno',
    // The sum/count market first (the main one), then pick 1-10 on the same draw.
    markets: () => [...kenoMarkets(KENO_MARGIN_BPS), kenoPickMarket()],
  },
  numbers: {
    sportId: 161,
    cadence: 'numbers',
    ahead: 3,
    title: 'Number Game',
    markets: () => numberMarkets(NUMBER_MARGIN_BPS),
  },
};
const GAMES = Object.keys(DRAW_GAMES) as DrawGame[];
/** Draws handled per pass: a long outage catches up over a few passes, never in one unbounded loop. */
const MAX_DUE_PER_PASS = 50;
/** From the close of betting (the draw time) to the balls: a placement already in flight commits first. */
export const DRAW_AFTER_CLOSE_MS = 5_000;
const GMT8 = 8 * 3_600_000;

export interface DrawBalls {
  matchId: number;
  game: DrawGame;
  balls: number[];
  outcomes: Record<string, string>;
}

/**
 * Keno and number-game draws as sportsbook matches. The schedule job lists each game's next draws as catalogue
 * fixtures with their markets priced from the domain's exact chances less the margin; at the draw time the job
 * closes the markets, draws the balls from the fair source (the seed and nonce stored with them, in one
 * transaction that drawing twice cannot pass) and reports them to the catalogue as the match's result, which
 * queues settlement like any match's. Bets, limits and settlement are the sportsbook's own.
 */
export class DrawsService {
  private running: Promise<number> | null = null;
  /** Draws whose markets this process has closed and not yet drawn (at most a pass's worth). */
  private readonly closed = new Set<string>();

  constructor(
    private readonly ctx: AppContext,
    private readonly catalog: CatalogService,
    private readonly fair: FairService,
  ) {}

  /** Lists every game's next draws (idempotent: draws already scheduled are left alone). Answers how many new. */
  async ensureSchedule(): Promise<number> {
    const now = this.ctx.now().getTime();
    let created = 0;
    for (const game of GAMES) {
      const def = DRAW_GAMES[game];
      // Draws sit on a grid aligned to the clock, so every node agrees on the instants.
      const step = this.ctx.config.cadenceMs[def.cadence];
      const first = Math.floor(now / step) * step + step;
      const known = new Set(await repo.scheduledSince(this.ctx.db, game, new Date(first)));
      for (let i = 0; i < def.ahead; i += 1) {
        const at = first + i * step;
        if (!known.has(at) && (await this.schedule(game, new Date(at)))) created += 1;
      }
    }
    return created;
  }

  /** Draws every due draw once and reports its result; a pass while one is running waits for it. */
  runDue(): Promise<number> {
    this.running ??= this.drawDue().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** The balls and outcomes of drawn draws, by match (the ngresult call). */
  async ballsOf(matchIds: number[]): Promise<Map<number, DrawBalls>> {
    const rows = await repo.ofMatches(this.ctx.db, matchIds.map(String));
    return new Map(
      rows.map((row) => {
        const balls = JSON.parse(row.balls ?? '[]') as number[];
        const view = {
          matchId: Number(row.match_id),
          game: row.game,
          balls,
          outcomes: drawSummary(row.game, balls),
        };
        return [view.matchId, view];
      }),
    );
  }

  /** A drawn draw's seed, nonce and balls for the verify call (round id = the draw's match id). */
  async fairRound(game: DrawGame, matchId: number): Promise<(StoredRound & { outcome: FairOutcome }) | null> {
    const row = await repo.byMatch(this.ctx.db, String(matchId));
    if (row?.game !== game || row.seed_id === null || row.nonce === null || row.balls === null) return null;
    return {
      seedId: row.seed_id,
      nonce: row.nonce,
      outcome: { game, balls: JSON.parse(row.balls) as number[] },
    };
  }

  private async schedule(game: DrawGame, at: Date): Promise<boolean> {
    const def = DRAW_GAMES[game];
    const key = drawKey(game, at);
    const events: FeedEvent[] = [
      {
        type: 'fixture',
        key,
        sportId: def.sportId,
        league: { key: `draws:${game}`, name: def.title },
        home: def.title,
        away: drawName(at),
        kickoff: at,
      },
      ...def.markets().map((market, index): FeedEvent => ({
        type: 'market',
        key,
        kind: market.kind,
        period: 'ft',
        line: market.line,
        prices: market.prices,
        isMain: index === 0,
      })),
    ];
    const report = await this.catalog.apply(events);
    const match = report.changes.find((change) => change.t === 'match' && change.match.key === key);
    if (report.rejected.length > 0 || match?.t !== 'match') {
      this.ctx.log.warn({ key, rejected: report.rejected }, 'draw not scheduled');
      return false;
    }
    return repo.insert(this.ctx.db, { game, drawAt: at, matchId: String(match.id) });
  }

  private async drawDue(): Promise<number> {
    const now = this.ctx.now();
    const due = await repo.due(this.ctx.db, now, MAX_DUE_PER_PASS);
    let done = 0;
    for (const draw of due) {
      const key = drawKey(draw.game, draw.draw_at);
      if (draw.status === 'open') {
        // Betting closes at the draw time: no market of the draw takes a bet from here on (once per process).
        if (!this.closed.has(draw.id)) {
          await this.catalog.apply([{ type: 'marketStatus', key, status: 'closed' }]);
          this.closed.add(draw.id);
        }
        // The balls wait a moment after the close, so a bet already on its way has committed before the draw.
        if (now.getTime() < draw.draw_at.getTime() + DRAW_AFTER_CLOSE_MS) continue;
      }
      const balls = draw.status === 'open' ? await this.draw(draw.id, draw.game) : parseStored(draw.balls);
      this.closed.delete(draw.id);
      if (!balls) continue;
      if (await this.report(key, draw.match_id, balls)) {
        await repo.markResulted(this.ctx.db, draw.id);
        done += 1;
      }
    }
    return done;
  }

  /**
   * Gives the catalogue the draw's result once: a restart between the draw and this step reports the stored
   * balls; a match already finished (resulted, or cancelled by the trading desk) needs nothing more. A refused
   * result is tried again on the next pass.
   */
  private async report(key: string, matchId: string, balls: number[]): Promise<boolean> {
    const match = await catalogRecords.matchById(this.ctx.db, Number(matchId));
    if (!match) return false;
    if (match.state === 1 || match.state === 2) return true;
    const report = await this.catalog.apply([
      { type: 'result', key, ht: null, ft: null, winners: balls.map(String) },
    ]);
    if (report.rejected.length === 0) return true;
    this.ctx.log.warn({ key, rejected: report.rejected }, 'draw result refused');
    return false;
  }

  /**
   * Draws the balls once: the row is locked and must still be open, the fair round taken in the same commit.
   * Public for the restart test (a process that drew and died before reporting the result).
   */
  async draw(id: string, game: DrawGame): Promise<number[] | null> {
    const drawn = await this.ctx.db.transaction().execute(async (trx) => {
      const row = await repo.lockOpen(trx, id);
      if (!row) return null;
      const round = await this.fair.round(trx, DRAWS_SCOPE);
      const balls = game === 'keno' ? drawKeno(round.stream) : drawNumberGame(round.stream);
      await repo.markDrawn(trx, id, { seedId: round.seedId, nonce: round.nonce, balls, at: this.ctx.now() });
      return balls;
    });
    if (drawn) return drawn;
    // Another process drew it (or holds it): carry on with what it stored, if it has committed.
    return parseStored((await repo.byId(this.ctx.db, id))?.balls ?? null);
  }
}

function parseStored(balls: string | null): number[] | null {
  return balls === null ? null : (JSON.parse(balls) as number[]);
}

/** The catalogue's key of a draw: game and instant, the same on every node. */
export function drawKey(game: DrawGame, at: Date): string {
  return `draw:${game}:${at.getTime()}`;
}

/** A draw's name as members see it: its GMT+8 date and time, e.g. '#20261126-2145'. */
function drawName(at: Date): string {
  const local = new Date(at.getTime() + GMT8).toISOString();
  return `#${local.slice(0, 10).replaceAll('-', '')}-${local.slice(11, 16).replace(':', '')}`;
}
