import { describe, expect, it } from 'vitest';
import { applyRate, applyScaled } from './figures';
import { uplineShares, type ShareAccount } from './shares';

describe('applyRate: amount x decimal rate, half away from zero', () => {
  it.each([
    [10_000n, '0.0025', 25n],
    [1n, '0.5', 1n],
    [-1n, '0.5', -1n],
    [3n, '0.5', 2n],
    [-3n, '0.5', -2n],
    [10n, '0.15', 2n],
    [12_345n, '0.85', 10_493n],
    [100n, '-0.25', -25n],
    [-100n, '-0.25', 25n],
    [999n, '1', 999n],
    [0n, '0.3', 0n],
    [7n, '0', 0n],
    [123_456_789_012_345_678n, '0.0001', 12_345_678_901_235n],
  ])('%s x %s = %s', (amount, rate, expected) => {
    expect(applyRate(amount, rate)).toBe(expected);
    // The second time the rate is read from the parsed table: the same answer.
    expect(applyRate(amount, rate)).toBe(expected);
  });

  it('applyScaled is the same product with the rate as units over a scale', () => {
    expect(applyScaled(10_000n, 25n, 10_000n)).toBe(applyRate(10_000n, '0.0025'));
    expect(applyScaled(-3n, 5n, 10n)).toBe(-2n);
    expect(applyScaled(3n, -5n, 10n)).toBe(-2n);
  });
});

const account = (id: string, level: string, pt: string, rate: string | null): ShareAccount => ({
  id,
  level,
  pt_share: pt,
  commission_rate: rate,
});

describe('uplineShares', () => {
  const chain = [
    account('1', 'operator', '0', null),
    account('2', 'shareholder', '0.5', '0.0050'),
    account('3', 'agent', '0.3', '0.0030'),
  ];
  const member = account('4', 'member', '0', '0.0025');

  it.each([
    // The member lost 100.00: the book won it; each level takes its share, the operator the rest.
    { winLoss: -10_000n, turnover: 10_000n, parts: [2_000n, 5_000n, 3_000n], commission: [0n, 20n, 5n] },
    // The member won 55.55: the levels' shares of the loss, rounded; the operator's part closes the sum.
    { winLoss: 5_555n, turnover: 10_000n, parts: [-1_110n, -2_778n, -1_667n], commission: [0n, 20n, 5n] },
    // Nothing at stake in valid turnover (a draw refunded): no commission at any level.
    { winLoss: 0n, turnover: 0n, parts: [0n, 0n, 0n], commission: [0n, 0n, 0n] },
  ])('member $winLoss on turnover $turnover', ({ winLoss, turnover, parts, commission }) => {
    const rows = uplineShares({ betId: '9', gen: 1, member, chain, winLoss, validTurnover: turnover });
    expect(rows.map((row) => row.level)).toEqual(['operator', 'shareholder', 'agent']);
    expect(rows.map((row) => row.winLoss)).toEqual(parts);
    expect(rows.map((row) => row.commission)).toEqual(commission);
    expect(rows.reduce((sum, row) => sum + row.winLoss, 0n)).toBe(-winLoss);
  });

  // One agent under the operator, the member lost 1.00 on 100.00 of valid turnover.
  it.each([
    // The agent passes the member more (0.0025) than it has (0.0020): no commission, never a negative one.
    { agentRate: '0.0020', commission: [0n, 0n] },
    // Rates count to 4 decimals (the rate columns keep 4): 0.00309 is 0.0030, a margin of 0.0005, not 0.00059.
    { agentRate: '0.00309', commission: [0n, 5n] },
  ])('agent at $agentRate over a member at 0.0025: commission $commission', ({ agentRate, commission }) => {
    const agentChain = [chain[0] as ShareAccount, account('3', 'agent', '0.3', agentRate)];
    const rows = uplineShares({
      betId: '9',
      gen: 1,
      member,
      chain: agentChain,
      winLoss: -100n,
      validTurnover: 10_000n,
    });
    expect(rows.map((row) => row.commission)).toEqual(commission);
  });

  it('no chain, no parts', () => {
    expect(
      uplineShares({ betId: '9', gen: 1, member, chain: [], winLoss: -100n, validTurnover: 100n }),
    ).toEqual([]);
  });
});
