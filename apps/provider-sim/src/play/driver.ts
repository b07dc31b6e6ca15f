import type { Sim } from '../app';
import { findGame, type Game } from '../catalog';
import { Shoe, type BaccaratSide } from '../engines/baccarat';
import { unitsFromDecimal } from '../money';
import { pickOne } from '../rng';
import { playCoupNow } from './baccarat-table';
import { playInstant } from './instant';
import type { Seat } from './sessions';

/**
 * POST /admin/drive: plays N rounds without a browser, spread round-robin over the given seats, a few at a
 * time. Seats come from launch tokens (exchanged through /wallet/check), from wallet sessions, or are demo.
 */
export interface DriveRequest {
  sessions: (
    | { gameCode: string; launchToken: string }
    | { gameCode: string; walletToken: string; user: string; currency: string }
    | { gameCode: string; demo: true }
  )[];
  rounds: number;
  concurrency: number;
  stake: bigint;
}

const MAX_ROUNDS = 100_000;
const MAX_SESSIONS = 1_000;
const MAX_CONCURRENCY = 32;

export function parseDriveRequest(body: Record<string, unknown> | null): DriveRequest | string {
  if (!body) return 'body must be a JSON object';
  const rounds = body.rounds;
  if (!Number.isInteger(rounds) || (rounds as number) < 1 || (rounds as number) > MAX_ROUNDS)
    return 'rounds: 1 to 100000';
  const concurrency = body.concurrency ?? 4;
  if (
    !Number.isInteger(concurrency) ||
    (concurrency as number) < 1 ||
    (concurrency as number) > MAX_CONCURRENCY
  ) {
    return 'concurrency: 1 to 32';
  }
  const stake = unitsFromDecimal(typeof body.stake === 'string' ? body.stake : '1.00');
  if (stake === null) return 'stake: a decimal string';
  const raw = Array.isArray(body.sessions)
    ? body.sessions
    : Array.isArray(body.games)
      ? body.games.map((code) => ({ game_code: code, demo: true }))
      : null;
  if (!raw || raw.length === 0 || raw.length > MAX_SESSIONS) return 'sessions (or games): 1 to 1000';
  const sessions: DriveRequest['sessions'] = [];
  for (const item of raw as Record<string, unknown>[]) {
    const gameCode = item?.game_code;
    if (typeof gameCode !== 'string' || !findGame(gameCode)) return `unknown game_code ${String(gameCode)}`;
    if (typeof item.launch_token === 'string') sessions.push({ gameCode, launchToken: item.launch_token });
    else if (
      typeof item.wallet_token === 'string' &&
      typeof item.user === 'string' &&
      typeof item.currency === 'string'
    ) {
      sessions.push({ gameCode, walletToken: item.wallet_token, user: item.user, currency: item.currency });
    } else if (item.demo === true) sessions.push({ gameCode, demo: true });
    else return 'each session needs launch_token, wallet_token + user + currency, or demo: true';
  }
  return { sessions, rounds: rounds as number, concurrency: concurrency as number, stake };
}

type Tally = Record<'ok' | 'refused' | 'rolled_back' | 'pending' | 'stuck' | 'failed', number>;

export async function drive(sim: Sim, input: DriveRequest) {
  const seats: Seat[] = [];
  const refusedSeats: string[] = [];
  for (const session of input.sessions) {
    const game = findGame(session.gameCode) as Game;
    if ('demo' in session) seats.push(sim.seats.open(game, 'en', null, null));
    else if ('walletToken' in session) {
      const wallet = {
        token: session.walletToken,
        user: session.user,
        currency: session.currency,
        gameCode: game.code,
      };
      seats.push(sim.seats.open(game, 'en', wallet, null));
    } else {
      const checked = await sim.wallet.check(session.launchToken);
      if (checked.kind !== 'ok') {
        refusedSeats.push(`${session.gameCode}: ${checked.status}`);
        continue;
      }
      const wallet = {
        token: checked.token,
        user: checked.user,
        currency: checked.currency,
        gameCode: game.code,
      };
      seats.push(sim.seats.open(game, 'en', wallet, checked.balance));
    }
  }
  const tally: Tally = { ok: 0, refused: 0, rolled_back: 0, pending: 0, stuck: 0, failed: 0 };
  if (seats.length === 0) return { rounds: 0, tally, refused_seats: refusedSeats };
  const shoes = new Map<Seat, Shoe>();
  let next = 0;
  const worker = async () => {
    while (next < input.rounds) {
      const seat = seats[next % seats.length] as Seat;
      next += 1;
      const outcome = await playOne(sim, seat, input.stake, shoes);
      tally[outcome] += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(input.concurrency, input.rounds) }, worker));
  return { rounds: input.rounds, tally, refused_seats: refusedSeats, faults: sim.faults.injected };
}

async function playOne(sim: Sim, seat: Seat, stake: bigint, shoes: Map<Seat, Shoe>): Promise<keyof Tally> {
  const { game } = seat;
  if (game.engine === 'baccarat') {
    let shoe = shoes.get(seat);
    if (!shoe) {
      shoe = new Shoe(sim.random);
      shoes.set(seat, shoe);
    }
    const side = pickOne<BaccaratSide>(['player', 'banker', 'tie'], sim.random);
    const result = await playCoupNow(sim.rounds, seat, shoe, side, stake);
    return result.ok ? settledTally(result.settled) : errorTally(result.error);
  }
  const choice =
    game.engine === 'fishing'
      ? { fish: pickOne(game.fish, sim.random).id }
      : game.engine === 'roulette'
        ? {
            bet: pickOne(
              [
                { kind: 'red' },
                { kind: 'odd' },
                { kind: 'straight', number: 17 },
                { kind: 'dozen', index: 2 },
              ],
              sim.random,
            ),
          }
        : {};
  const result = await playInstant(sim.rounds, seat, stake, choice, sim.random);
  return result.ok ? settledTally(result.settled) : errorTally(result.error);
}

const settledTally = (settled: 'paid' | 'pending' | 'stuck'): keyof Tally =>
  settled === 'paid' ? 'ok' : settled;
const errorTally = (error: string): keyof Tally =>
  error === 'bet_rolled_back'
    ? 'rolled_back'
    : error === 'bet_refused' || error === 'insufficient_funds'
      ? 'refused'
      : 'failed';
