import { describe, expect, it } from 'vitest';
import { scriptedRandom } from '../rng';
import {
  bankerDraws,
  cardValue,
  enumerateCoup,
  houseEdges,
  playCoup,
  playerDraws,
  settleBaccarat,
  Shoe,
} from './baccarat';

/** The standard banker table: rows are the banker's total 0-7, columns the player's third card 0-9. */
const BANKER_TABLE: Record<number, string> = {
  0: 'DDDDDDDDDD',
  1: 'DDDDDDDDDD',
  2: 'DDDDDDDDDD',
  3: 'DDDDDDDDSD',
  4: 'SSDDDDDDSS',
  5: 'SSSSDDDDSS',
  6: 'SSSSSSDDSS',
  7: 'SSSSSSSSSS',
};

describe('baccarat rules', () => {
  it('the banker draws exactly as the standard table says', () => {
    for (let banker = 0; banker <= 7; banker += 1) {
      for (let third = 0; third <= 9; third += 1) {
        expect(bankerDraws(banker, third) ? 'D' : 'S').toBe(BANKER_TABLE[banker]?.[third]);
      }
    }
  });

  it('without a player third card the banker draws on 0-5; the player draws on 0-5', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((total) => bankerDraws(total, null))).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(playerDraws)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it('coups: naturals stand, the player draws, the banker answers', () => {
    const coup = (values: number[]) => {
      let i = 0;
      return playCoup(() => values[i++] ?? 0);
    };
    expect(coup([4, 3, 4, 3, 9, 9])).toEqual({ player: [4, 4], banker: [3, 3] }); // player natural 8
    expect(coup([1, 3, 2, 0, 8, 5])).toEqual({ player: [1, 2, 8], banker: [3, 0] }); // banker 3 stands on an 8
    expect(coup([1, 3, 2, 0, 7, 5])).toEqual({ player: [1, 2, 7], banker: [3, 0, 5] });
    expect(coup([3, 2, 4, 3, 1, 1])).toEqual({ player: [3, 4], banker: [2, 3, 1] }); // player stands on 7
    expect(coup([3, 3, 4, 3, 1, 1])).toEqual({ player: [3, 4], banker: [3, 3] }); // banker stands on 6
  });

  it('pays player 1:1, banker 0.95:1, tie 8:1, and pushes player and banker bets on a tie', () => {
    expect(settleBaccarat('player', 'player', 100_000n)).toBe(200_000n);
    expect(settleBaccarat('banker', 'banker', 100_000n)).toBe(195_000n);
    expect(settleBaccarat('tie', 'tie', 100_000n)).toBe(900_000n);
    expect(settleBaccarat('banker', 'tie', 100_000n)).toBe(100_000n);
    expect(settleBaccarat('player', 'banker', 100_000n)).toBe(0n);
    expect(settleBaccarat('tie', 'player', 100_000n)).toBe(0n);
  });

  it('a shoe deals coups whose totals and cards agree with the rules', () => {
    const shoe = new Shoe(scriptedRandom([7n, 1n, 13n, 5n, 101n, 2n, 77n]));
    for (let i = 0; i < 200; i += 1) {
      const hand = shoe.deal();
      const sum = (cards: { rank: number }[]) => cards.reduce((s, card) => s + cardValue(card.rank), 0) % 10;
      expect(sum(hand.player)).toBe(hand.playerTotal);
      expect(sum(hand.banker)).toBe(hand.bankerTotal);
      const values = [hand.player[0], hand.banker[0], hand.player[1], hand.banker[1]].map((card) =>
        cardValue(card?.rank ?? 0),
      );
      if (hand.player[2]) values.push(cardValue(hand.player[2].rank));
      if (hand.banker[2]) values.push(cardValue(hand.banker[2].rank));
      let index = 0;
      const replay = playCoup(() => values[index++] ?? 0);
      expect(replay.player.length).toBe(hand.player.length);
      expect(replay.banker.length).toBe(hand.banker.length);
    }
  });
});

describe('baccarat exact odds (8-deck shoe, every ordered six-card draw)', () => {
  const counts = enumerateCoup(8);

  it('counts every ordered draw of six cards from 416', () => {
    expect(counts.total).toBe(416n * 415n * 414n * 413n * 412n * 411n);
    expect(counts.player + counts.banker + counts.tie).toBe(counts.total);
  });

  it('gives the published 8-deck probabilities and house edges', () => {
    const ratio = (n: bigint) => Number((n * 1_000_000_000n) / counts.total) / 1e9;
    expect(ratio(counts.banker)).toBeCloseTo(0.458597, 6);
    expect(ratio(counts.player)).toBeCloseTo(0.446247, 6);
    expect(ratio(counts.tie)).toBeCloseTo(0.095156, 6);
    const edges = houseEdges(counts);
    const asNumber = (r: { num: bigint; den: bigint }) => Number((r.num * 10_000_000n) / r.den) / 1e7;
    expect(asNumber(edges.banker)).toBeCloseTo(0.010579, 5);
    expect(asNumber(edges.player)).toBeCloseTo(0.012351, 5);
    expect(asNumber(edges.tie)).toBeCloseTo(0.143596, 5);
  });
});
