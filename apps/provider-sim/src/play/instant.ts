import type { Game } from '../catalog';
import { shoot } from '../engines/fishing';
import { parseRouletteBet, pocketColour, settleRoulette, spinWheel } from '../engines/roulette';
import { buildOutcomeTable, spin, type OutcomeRow } from '../engines/slot';
import { formatUnits } from '../money';
import type { RandomSource } from '../rng';
import { balanceText, type PlayError, type RoundService } from './service';
import type { Seat } from './sessions';

/** One-call rounds: a slot spin, a roulette spin, a fishing shot. Each is a bet, an outcome and a win. */
export type InstantResult =
  | {
      ok: true;
      balance: string | null;
      win: string;
      settled: 'paid' | 'pending' | 'stuck';
      outcome: Record<string, unknown>;
    }
  | { ok: false; error: PlayError | 'bad_request'; status?: string; balance: string | null };

const tables = new Map<string, OutcomeRow[]>();
function outcomeTable(game: Extract<Game, { engine: 'slot' }>): OutcomeRow[] {
  let rows = tables.get(game.code);
  if (!rows) {
    rows = buildOutcomeTable(game.slot);
    tables.set(game.code, rows);
  }
  return rows;
}

type Resolved = { win: bigint; outcome: Record<string, unknown>; description: string } | null;

/** Works out a round's outcome for the seat's game from the player's choice; null when the choice is invalid. */
function resolver(
  game: Game,
  stake: bigint,
  choice: Record<string, unknown>,
  random: RandomSource,
): (() => Resolved) | null {
  switch (game.engine) {
    case 'slot':
      return () => {
        const result = spin(game.slot, outcomeTable(game), random);
        const win = (stake * result.payout) / 100n;
        return {
          win,
          outcome: {
            board: result.board,
            symbol: result.symbol,
            count: result.count,
            multiplier: formatUnits(result.payout * 1000n),
          },
          description: result.symbol ? `${result.count} x ${result.symbol}` : 'no win',
        };
      };
    case 'roulette': {
      const bet = parseRouletteBet(choice.bet);
      if (!bet) return null;
      return () => {
        const pocket = spinWheel(random);
        return {
          win: settleRoulette(bet, pocket, stake),
          outcome: { pocket, colour: pocketColour(pocket), bet },
          description: `${JSON.stringify(bet)} on ${pocket}`,
        };
      };
    }
    case 'fishing': {
      const fish = game.fish.find((candidate) => candidate.id === choice.fish);
      if (!fish) return null;
      return () => {
        const shot = shoot(fish, game.rtp, stake, random);
        return {
          win: shot.win,
          outcome: { fish: fish.id, caught: shot.caught, multiplier: fish.multiplier.toString() },
          description: `${fish.name} ${shot.caught ? 'caught' : 'missed'}`,
        };
      };
    }
    default:
      return null;
  }
}

export async function playInstant(
  rounds: RoundService,
  seat: Seat,
  stake: bigint | null,
  choice: Record<string, unknown>,
  random: RandomSource,
): Promise<InstantResult> {
  const resolve = stake === null ? null : resolver(seat.game, stake, choice, random);
  if (!resolve || stake === null) return { ok: false, error: 'bad_request', balance: balanceText(seat) };
  const staked = await rounds.stake(seat, stake, `${seat.game.engine} ${JSON.stringify(choice)}`);
  if (!staked.ok)
    return { ok: false, error: staked.error, status: staked.status, balance: balanceText(seat) };
  const result = resolve();
  if (!result) return { ok: false, error: 'bad_request', balance: balanceText(seat) };
  const settled = await rounds.settle(seat, staked, result.win, result.description);
  return {
    ok: true,
    balance: balanceText(seat),
    win: formatUnits(result.win),
    settled,
    outcome: result.outcome,
  };
}
