import { rational, type Rational } from '../rational';
import type { RandomSource } from '../rng';

/** Punto banco with the standard third-card rules, dealt from an 8-deck shoe. */
export interface Card {
  /** 1 (ace) to 13 (king). */
  rank: number;
  suit: 'S' | 'H' | 'D' | 'C';
}

export type BaccaratSide = 'player' | 'banker' | 'tie';

export interface BaccaratHand {
  player: Card[];
  banker: Card[];
  playerTotal: number;
  bankerTotal: number;
  winner: BaccaratSide;
}

export const DECKS = 8;
const SUITS = ['S', 'H', 'D', 'C'] as const;

export function cardValue(rank: number): number {
  return rank >= 10 ? 0 : rank;
}

function total(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) % 10;
}

/** The player draws on 0-5 and stands on 6-7 (naturals are handled before). */
export function playerDraws(playerTotal: number): boolean {
  return playerTotal <= 5;
}

/**
 * The banker's rule: without a player third card the banker draws on 0-5; with one, the table of the banker's
 * total against the value of the player's third card.
 */
export function bankerDraws(bankerTotal: number, playerThird: number | null): boolean {
  if (playerThird === null) return bankerTotal <= 5;
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return playerThird !== 8;
    case 4:
      return playerThird >= 2 && playerThird <= 7;
    case 5:
      return playerThird >= 4 && playerThird <= 7;
    case 6:
      return playerThird === 6 || playerThird === 7;
    default:
      return false;
  }
}

/**
 * Plays one coup on card values (0-9) drawn in order by `next`: player, banker, player, banker, then the
 * third cards as the rules ask. Returns the values each side took.
 */
export function playCoup(next: () => number): { player: number[]; banker: number[] } {
  const player = [next()];
  const banker = [next()];
  player.push(next());
  banker.push(next());
  const natural = total(player) >= 8 || total(banker) >= 8;
  if (natural) return { player, banker };
  let playerThird: number | null = null;
  if (playerDraws(total(player))) {
    playerThird = next();
    player.push(playerThird);
  }
  if (bankerDraws(total(banker), playerThird)) banker.push(next());
  return { player, banker };
}

export function winnerOf(playerTotal: number, bankerTotal: number): BaccaratSide {
  if (playerTotal === bankerTotal) return 'tie';
  return playerTotal > bankerTotal ? 'player' : 'banker';
}

/** What a bet returns, stake included: player 1:1, banker 1:1 less 5% commission, tie 8:1; a tie pushes the others. */
export function settleBaccarat(side: BaccaratSide, winner: BaccaratSide, stake: bigint): bigint {
  if (winner === 'tie') return side === 'tie' ? stake * 9n : stake;
  if (side !== winner) return 0n;
  return side === 'banker' ? stake + (stake * 95n) / 100n : stake * 2n;
}

/** An 8-deck shoe, shuffled with Fisher-Yates; the dealer reshuffles when the cut card comes out. */
export class Shoe {
  private cards: Card[] = [];
  private position = 0;
  private static readonly CUT_CARD_FROM_END = 14;

  constructor(private readonly random: RandomSource) {
    this.shuffle();
  }

  private shuffle(): void {
    this.cards = [];
    for (let deck = 0; deck < DECKS; deck += 1) {
      for (const suit of SUITS) for (let rank = 1; rank <= 13; rank += 1) this.cards.push({ rank, suit });
    }
    for (let i = this.cards.length - 1; i > 0; i -= 1) {
      const j = Number(this.random.below(BigInt(i + 1)));
      const swap = this.cards[i] as Card;
      this.cards[i] = this.cards[j] as Card;
      this.cards[j] = swap;
    }
    this.position = 0;
  }

  /** Deals one coup; reshuffles first when fewer cards than the cut card's place are left. */
  deal(): BaccaratHand {
    if (this.cards.length - this.position < Shoe.CUT_CARD_FROM_END) this.shuffle();
    const dealt: Card[] = [];
    const coup = playCoup(() => {
      const card = this.cards[this.position] as Card;
      this.position += 1;
      dealt.push(card);
      return cardValue(card.rank);
    });
    // playCoup draws P, B, P, B, then P3 and B3 in that order; map the values back to the cards.
    const player = [dealt[0], dealt[2]] as Card[];
    const banker = [dealt[1], dealt[3]] as Card[];
    const thirds = dealt.slice(4);
    if (coup.player.length === 3) player.push(thirds.shift() as Card);
    if (coup.banker.length === 3) banker.push(thirds.shift() as Card);
    const playerTotal = total(coup.player);
    const bankerTotal = total(coup.banker);
    return { player, banker, playerTotal, bankerTotal, winner: winnerOf(playerTotal, bankerTotal) };
  }
}

/**
 * Exact outcome counts of one coup from a full shoe of `decks` decks: every ordered draw of six cards
 * (the rules never need more), weighted by how many cards of each value are left. Values 0 (10, J, Q, K)
 * have 16 cards a deck, the others 4.
 */
export function enumerateCoup(decks: number): Record<BaccaratSide, bigint> & { total: bigint } {
  const left = Array.from({ length: 10 }, (_, value) => BigInt(decks * (value === 0 ? 16 : 4)));
  const counts = { player: 0n, banker: 0n, tie: 0n, total: 0n };
  const drawn: number[] = [];
  const walk = (depth: number, weight: bigint): void => {
    if (depth === 6) {
      let index = 0;
      const coup = playCoup(() => drawn[index++] as number);
      counts[winnerOf(total(coup.player), total(coup.banker))] += weight;
      counts.total += weight;
      return;
    }
    for (let value = 0; value < 10; value += 1) {
      const available = left[value] as bigint;
      if (available === 0n) continue;
      left[value] = available - 1n;
      drawn.push(value);
      walk(depth + 1, weight * available);
      drawn.pop();
      left[value] = available;
    }
  };
  walk(0, 1n);
  return counts;
}

/** The house edge of each bet (1 − expected return per unit), from the exact counts. */
export function houseEdges(
  counts: Record<BaccaratSide, bigint> & { total: bigint },
): Record<BaccaratSide, Rational> {
  const { player, banker, tie, total: all } = counts;
  return {
    player: rational(banker - player, all),
    banker: rational(100n * player - 95n * banker, 100n * all),
    tie: rational(all - 9n * tie, all),
  };
}
