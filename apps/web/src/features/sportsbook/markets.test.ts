import { beforeEach, describe, expect, it } from 'vitest';
import { lineFor } from './MarketTable';
import { marketReply } from './fixtures';
import { pageOf, useMarkets } from './markets';

const tick = (id: number, prices: Record<string, string>, status = 'open') => ({
  t: 'market',
  id: 11,
  seq: 4,
  market: { id, matchId: 11, kind: 'hdp', period: 'ft', line: '-0.25', status, isMain: true, prices },
});

describe('market list and odds store', () => {
  beforeEach(() => useMarkets.getState().clear());

  it('groups the leagues with their matches and picks the main market per column', () => {
    const page = pageOf(marketReply());
    expect(page.leagues).toEqual([{ id: 7, name: 'Premier League', matchIds: [11, 12] }]);
    expect(page.columns[11]).toEqual({ 'ft-hdp': 101, 'ft-ou': 102, 'ft-1x2': 103, '1h-hdp': 104 });
    expect(page.columns[12]).toEqual({ 'ft-hdp': 201 });
  });

  it('keeps the alternative handicap and over/under line nearest the main one for the double-line rows', () => {
    const page = pageOf(
      marketReply({
        odds: [
          ...marketReply().odds,
          [105, 11, 'hdp', 'ft', '-1.25', 1, 0, 'h', '0.60', 'a', '-0.70'],
          [106, 11, 'hdp', 'ft', '0', 1, 0, 'h', '-0.70', 'a', '0.60'],
          [107, 11, 'ou', 'ft', '3', 1, 0, 'o', '-0.80', 'u', '0.70'],
          [108, 11, '1x2', '1h', '', 1, 1, '1', '2.80', 'x', '2.10', '2', '4.00'],
        ],
      }),
    );
    // The main lines stay in the columns.
    expect(page.columns[11]).toMatchObject({ 'ft-hdp': 101, 'ft-ou': 102 });
    // -0.25's nearest other line is 0 (one quarter away), not -1.25; 1x2 has no second line.
    expect(page.alternates[11]).toEqual({ 'ft-hdp': 106, 'ft-ou': 107 });
    expect(page.alternates[12]).toBeUndefined();
  });

  it('loads the reply prices as sent, in the member odds type', () => {
    useMarkets.getState().load(marketReply());
    const { markets, matches } = useMarkets.getState();
    expect(markets[101]?.prices).toEqual({ h: '0.85', a: '-0.95' });
    expect(markets[201]?.open).toBe(false);
    expect(matches[12]).toMatchObject({ live: true, minute: 63, score: [1, 0], red: [1, 0] });
  });

  it('patches a pushed decimal price into the member format and records its move', () => {
    useMarkets.getState().load(marketReply());
    const before = useMarkets.getState().markets;
    useMarkets.getState().patch(tick(101, { h: '1.90', a: '1.95' }), 'MY');
    const after = useMarkets.getState().markets;
    expect(after[101]?.prices).toEqual({ h: '0.90', a: '0.95' });
    expect(after[101]?.moves.h?.dir).toBe(1);
    // -0.95 MY is decimal 2.05: 1.95 is a move down.
    expect(after[101]?.moves.a?.dir).toBe(-1);
    // Only the ticked market is replaced: the other cells keep their state and do not re-render.
    expect(after[102]).toBe(before[102]);
    expect(after[103]).toBe(before[103]);
  });

  it('converts to HK and ID, keeps 1x2 decimal, and locks a suspended market', () => {
    useMarkets.getState().load(marketReply());
    useMarkets.getState().patch(tick(101, { h: '1.80' }), 'ID');
    expect(useMarkets.getState().markets[101]?.prices.h).toBe('-1.25');
    useMarkets
      .getState()
      .patch(
        { t: 'market', id: 11, seq: 5, market: { id: 103, matchId: 11, kind: '1x2', prices: { x: '3.10' } } },
        'HK',
      );
    expect(useMarkets.getState().markets[103]?.prices.x).toBe('3.10');
    useMarkets.getState().patch(tick(101, {}, 'suspended'), 'MY');
    expect(useMarkets.getState().markets[101]?.open).toBe(false);
    expect(useMarkets.getState().markets[101]?.prices.h).toBe('-1.25');
  });

  it('patches live score and minute, ignoring an older sequence', () => {
    useMarkets.getState().load(marketReply());
    useMarkets.getState().patch({ t: 'match', id: 12, seq: 10, match: { score: [2, 0], minute: 70 } }, 'MY');
    useMarkets.getState().patch({ t: 'match', id: 12, seq: 8, match: { score: [1, 1], minute: 65 } }, 'MY');
    expect(useMarkets.getState().matches[12]).toMatchObject({ score: [2, 0], minute: 70, seq: 10 });
  });

  it('shows a handicap on the giving side and the total on over', () => {
    expect(lineFor('hdp', '-0.25', 'h')).toBe('0.25');
    expect(lineFor('hdp', '-0.25', 'a')).toBe('');
    expect(lineFor('hdp', '1.5', 'a')).toBe('1.5');
    expect(lineFor('hdp', '0', 'h')).toBe('0');
    expect(lineFor('ou', '2.5', 'o')).toBe('2.5');
  });
});
