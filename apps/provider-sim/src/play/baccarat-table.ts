import type { Game } from '../catalog';
import { settleBaccarat, Shoe, type BaccaratHand, type BaccaratSide } from '../engines/baccarat';
import { formatUnits } from '../money';
import type { RandomSource } from '../rng';
import { balanceText, type RoundService, type Staked } from './service';
import type { Seat } from './sessions';

/**
 * A live baccarat table: one shoe and one coup at a time for every seated player. Bets are taken (wallet
 * bets) while the betting window is open; then the coup is dealt and every bet of the round is paid.
 */
interface TableBet {
  seat: Seat;
  side: BaccaratSide;
  staking: Promise<Staked>;
}

export type TablePhase = 'betting' | 'dealing' | 'result';

const DEAL_MS = 2_000;
const RESULT_MS = 3_000;
const MAX_BETS_PER_COUP = 2_000;
const MAX_BETS_PER_SEAT = 3;
const HISTORY = 40;
const RANKS: Record<number, string> = { 1: 'A', 11: 'J', 12: 'Q', 13: 'K' };
const SUIT_SIGNS: Record<string, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };
/** A table nobody watches stops dealing after this long; the next visitor starts it again. */
const IDLE_STOP_MS = 5 * 60 * 1000;

export class BaccaratTable {
  private readonly shoe: Shoe;
  private phase: TablePhase = 'betting';
  private coup = 0;
  private phaseEndsAt = 0;
  private bets: TableBet[] = [];
  private lastHand: BaccaratHand | null = null;
  private history: BaccaratSide[] = [];
  private timer: NodeJS.Timeout | null = null;
  private lastVisitAt = 0;
  /** Each seat's return from the last coup, for its page. */
  private lastReturns = new Map<string, bigint>();

  constructor(
    readonly game: Extract<Game, { engine: 'baccarat' }>,
    private readonly rounds: RoundService,
    random: RandomSource,
  ) {
    this.shoe = new Shoe(random);
  }

  private roundId(seat: Seat): string {
    // One round per member and coup, so the platform's round table never mixes two members.
    return `${this.game.code}-${this.coup}-${seat.wallet?.user ?? seat.id}`;
  }

  private wake(): void {
    this.lastVisitAt = Date.now();
    if (this.timer) return;
    this.openBetting();
  }

  private openBetting(): void {
    this.coup += 1;
    this.phase = 'betting';
    this.bets = [];
    this.phaseEndsAt = Date.now() + this.game.roundSeconds * 1000;
    this.after(this.game.roundSeconds * 1000, () => void this.deal());
  }

  private after(ms: number, next: () => void): void {
    this.timer = setTimeout(next, ms);
    this.timer.unref();
  }

  private async deal(): Promise<void> {
    this.phase = 'dealing';
    this.phaseEndsAt = Date.now() + DEAL_MS;
    try {
      await this.settleCoup(this.bets, this.shoe.deal());
    } finally {
      // Whatever happened to one payment, the table goes on (the wallet client keeps retrying its calls).
      this.phase = 'result';
      this.phaseEndsAt = Date.now() + RESULT_MS;
      this.after(RESULT_MS, () => {
        this.timer = null;
        if (Date.now() - this.lastVisitAt < IDLE_STOP_MS) this.openBetting();
      });
    }
  }

  private async settleCoup(bets: TableBet[], hand: BaccaratHand): Promise<void> {
    // Wait for the wallet's answers to this coup's bets before paying (each call has its own time-out).
    const staked = await Promise.all(bets.map((bet) => bet.staking));
    this.lastHand = hand;
    this.history = [...this.history, hand.winner].slice(-HISTORY);
    this.lastReturns = new Map();
    // A seat's last accepted bet of the coup closes its round.
    const closing = new Map<string, number>();
    staked.forEach((result, index) => {
      const seatId = bets[index]?.seat.id;
      if (result.ok && seatId) closing.set(seatId, index);
    });
    await Promise.all(
      staked.map(async (result, index) => {
        const bet = bets[index];
        if (!bet || !result.ok) return;
        const win = settleBaccarat(bet.side, hand.winner, result.stake);
        this.lastReturns.set(bet.seat.id, (this.lastReturns.get(bet.seat.id) ?? 0n) + win);
        const last = closing.get(bet.seat.id) === index;
        await this.rounds.settle(bet.seat, result, win, `${bet.side} on ${hand.winner}`, last);
      }),
    );
  }

  /** Places a bet on the open coup; the wallet bet goes out at once. */
  async placeBet(
    seat: Seat,
    side: BaccaratSide,
    stake: bigint,
  ): Promise<{ ok: boolean; error?: string; status?: string; balance: string | null }> {
    this.wake();
    if (this.phase !== 'betting') return { ok: false, error: 'closed', balance: balanceText(seat) };
    const mine = this.bets.filter((bet) => bet.seat === seat).length;
    if (mine >= MAX_BETS_PER_SEAT || this.bets.length >= MAX_BETS_PER_COUP) {
      return { ok: false, error: 'busy', balance: balanceText(seat) };
    }
    const staking = this.rounds.stake(seat, stake, `baccarat ${side}`, this.roundId(seat));
    this.bets.push({ seat, side, staking });
    const result = await staking;
    return result.ok
      ? { ok: true, balance: balanceText(seat) }
      : { ok: false, error: result.error, status: result.status, balance: balanceText(seat) };
  }

  state(seat: Seat): Record<string, unknown> {
    this.wake();
    const card = (c: { rank: number; suit: string }) =>
      `${RANKS[c.rank] ?? c.rank}${SUIT_SIGNS[c.suit] ?? c.suit}`;
    return {
      coup: this.coup,
      phase: this.phase,
      ms_left: Math.max(0, this.phaseEndsAt - Date.now()),
      my_bets: this.bets.filter((bet) => bet.seat === seat).map((bet) => bet.side),
      seated: new Set(this.bets.map((bet) => bet.seat.id)).size,
      last: this.lastHand && {
        player: this.lastHand.player.map(card),
        banker: this.lastHand.banker.map(card),
        player_total: this.lastHand.playerTotal,
        banker_total: this.lastHand.bankerTotal,
        winner: this.lastHand.winner,
        my_return: formatUnits(this.lastReturns.get(seat.id) ?? 0n),
      },
      history: this.history,
      balance: balanceText(seat),
    };
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

export class BaccaratFloor {
  private readonly tables = new Map<string, BaccaratTable>();

  constructor(
    private readonly rounds: RoundService,
    private readonly random: RandomSource,
  ) {}

  table(game: Extract<Game, { engine: 'baccarat' }>): BaccaratTable {
    let table = this.tables.get(game.code);
    if (!table) {
      table = new BaccaratTable(game, this.rounds, this.random);
      this.tables.set(game.code, table);
    }
    return table;
  }

  stop(): void {
    for (const table of this.tables.values()) table.stop();
  }
}

/** A private coup for the driver: same rules and shoe type, no waiting for the table's clock. */
export async function playCoupNow(
  rounds: RoundService,
  seat: Seat,
  shoe: Shoe,
  side: BaccaratSide,
  stake: bigint,
) {
  const staked = await rounds.stake(seat, stake, `baccarat ${side}`);
  if (!staked.ok) return { ok: false as const, error: staked.error };
  const hand = shoe.deal();
  const win = settleBaccarat(side, hand.winner, stake);
  const settled = await rounds.settle(seat, staked, win, `${side} on ${hand.winner}`);
  return { ok: true as const, win, settled };
}
