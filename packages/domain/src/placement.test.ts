import { describe, expect, it } from 'vitest';
import {
  checkParlayLegs,
  checkStake,
  checkSystemParlay,
  myanmarOddsChangeDecision,
  oddsChangeDecision,
  potentialPayoutMinor,
  strictestLimits,
  type StakedBet,
} from './placement';

const limits = { min: '10', max: '1000', maxPayout: '5000' };
const dec190: StakedBet = { kind: 'single', format: 'DEC', price: '1.90' };

describe('checkStake: ordered checks (product spec 5, decision 0.10)', () => {
  it.each([
    // [stake, bet, mode, expected]
    ['', dec190, 'adjust', { ok: false, code: 'betAmountRequired', params: {} }],
    ['   ', dec190, 'strict', { ok: false, code: 'betAmountRequired', params: {} }],
    ['abc', dec190, 'adjust', { ok: false, code: 'invalidBetAmount', params: { stake: 'abc' } }],
    ['0', dec190, 'adjust', { ok: false, code: 'invalidBetAmount', params: { stake: '0' } }],
    ['-5', dec190, 'adjust', { ok: false, code: 'invalidBetAmount', params: { stake: '-5' } }],
    ['10.001', dec190, 'adjust', { ok: false, code: 'invalidBetAmount', params: { stake: '10.001' } }],
    ['5', dec190, 'adjust', { ok: true, stake: '10.00', notice: 'changeStakeMin' }],
    ['5', dec190, 'strict', { ok: false, code: 'betLowerMin', params: { min: '10.00' } }],
    ['1500', dec190, 'adjust', { ok: true, stake: '1000.00', notice: 'changeStakeMax' }],
    ['1500', dec190, 'strict', { ok: false, code: 'betOverMax', params: { max: '1000.00' } }],
    ['100', dec190, 'adjust', { ok: true, stake: '100.00', notice: null }],
    ['100', dec190, 'strict', { ok: true, stake: '100.00', notice: null }],
    // 1000 @ 6.00 would pay 6000 > 5000: lowered to 833.33 (pays 4999.98).
    [
      '1000',
      { kind: 'single', format: 'DEC', price: '6.00' },
      'adjust',
      { ok: true, stake: '833.33', notice: 'betOverMaxPayout' },
    ],
    [
      '1000',
      { kind: 'single', format: 'DEC', price: '6.00' },
      'strict',
      { ok: false, code: 'betOverMaxPayout', params: { maxPayout: '5000.00' } },
    ],
    // Above max AND above max payout: both applied, the binding notice is the payout.
    [
      '2000',
      { kind: 'single', format: 'DEC', price: '6.00' },
      'adjust',
      { ok: true, stake: '833.33', notice: 'betOverMaxPayout' },
    ],
    // Even the min would pay more than the cap: refused.
    [
      '10',
      { kind: 'single', format: 'DEC', price: '600' },
      'adjust',
      { ok: false, code: 'betOverMaxPayout', params: { maxPayout: '5000.00' } },
    ],
  ] as const)('stake %j (%j, %s) -> %j', (stake, bet, mode, expected) => {
    expect(checkStake({ stake, limits, bet, mode })).toEqual(expected);
  });

  it('uses the exact settlement payout for negative odds (typed stake is the win)', () => {
    // MY -0.50: each unit typed pays 1.50. 5000 / 1.5 = 3333.33 but max is 1000: max binds first.
    expect(
      checkStake({
        stake: '4000',
        limits,
        bet: { kind: 'single', format: 'MY', price: '-0.50' },
        mode: 'adjust',
      }),
    ).toEqual({
      ok: true,
      stake: '1000.00',
      notice: 'changeStakeMax',
    });
    const tight = { min: '1', max: '100000', maxPayout: '1000' };
    const result = checkStake({
      stake: '900',
      limits: tight,
      bet: { kind: 'single', format: 'MY', price: '-0.95' },
      mode: 'adjust',
    });
    expect(result).toEqual({ ok: true, stake: '512.82', notice: 'betOverMaxPayout' });
    expect(potentialPayoutMinor({ kind: 'single', format: 'MY', price: '-0.95' }, 51282n)).toBe(100000n); // 512.82 + 487.18
    expect(potentialPayoutMinor({ kind: 'single', format: 'MY', price: '-0.95' }, 51283n)).toBe(100002n); // 512.83 + 487.19
  });

  it('applies the day cap when it is lower than the per-bet max payout', () => {
    expect(
      checkStake({ stake: '100', limits, bet: dec190, mode: 'adjust', dailyPayoutRemaining: '95' }),
    ).toEqual({
      ok: true,
      stake: '50.00',
      notice: 'betOverMaxPayout',
    });
  });

  it('computes the potential payout of parlays, systems and Myanmar bets', () => {
    const legs = [
      { format: 'DEC', price: '2.0' },
      { format: 'MY', price: '-0.80' },
    ] as const;
    expect(potentialPayoutMinor({ kind: 'parlay', legs }, 1000n)).toBe(4500n);
    expect(
      potentialPayoutMinor(
        { kind: 'system', legs: [...legs, { format: 'HK', price: '1' }], foldSizes: [2] },
        100n,
      ),
    ).toBe(
      1300n, // doubles on 1: 2 x 2.25 + 2 x 2 + 2.25 x 2 = 4.5 + 4 + 4.5 = 13.00
    );
    expect(potentialPayoutMinor({ kind: 'myanmar', legs: 1 }, 10000n)).toBe(19500n);
    expect(potentialPayoutMinor({ kind: 'myanmar', legs: 3, commissionRate: '0' }, 10000n)).toBe(80000n);
  });

  it('refuses inconsistent configuration as a bug', () => {
    expect(() =>
      checkStake({
        stake: '10',
        limits: { min: '100', max: '10', maxPayout: '1' },
        bet: dec190,
        mode: 'adjust',
      }),
    ).toThrow();
  });

  it('takes the strictest limits across sports for a mixed parlay', () => {
    expect(
      strictestLimits([
        { min: '10', max: '1000', maxPayout: '200000' },
        { min: '20', max: '500', maxPayout: '50000' },
      ]),
    ).toEqual({ min: '20.00', max: '500.00', maxPayout: '50000.00' });
  });
});

describe('checkParlayLegs: ordered checks (product spec 5, 9)', () => {
  const picks = (count: number, live = false) =>
    Array.from({ length: count }, (_, i) => ({ matchId: i + 1, live }));
  it.each([
    ['mix', picks(0), 'atLeastTwoMatchToBetParlay'],
    ['mix', picks(1), 'atLeastTwoMatchToBetParlay'],
    ['mix', picks(1, true), 'atLeastTwoMatchToBetParlay'],
    ['mix', picks(2), null],
    ['mix', picks(2, true), 'atLeastThreeMatchToBetParlay'],
    ['mix', [...picks(2), { matchId: 9, live: true }], null],
    ['mix', picks(12), null],
    ['mix', picks(13), 'maxParlayTicket'],
    ['myanmar', picks(2), null],
    ['myanmar', picks(10), null],
    ['myanmar', picks(11), 'maxParlayTicket'],
    ['mix', [{ matchId: 1 }, { matchId: 2 }, { matchId: 1 }], 'invalidBets'],
    ['mix', [{ matchId: 7 }, { matchId: '7' }], 'invalidBets'],
  ] as const)('%s with %j -> %s', (kind, list, code) => {
    const result = checkParlayLegs(kind, list);
    expect(result.ok ? null : result.code).toBe(code);
  });

  it('a duplicate match names the match', () => {
    expect(checkParlayLegs('mix', [{ matchId: 1 }, { matchId: 1 }])).toEqual({
      ok: false,
      code: 'invalidBets',
      params: { reason: 'sameMatch', matchId: '1' },
    });
  });

  it('system: fold sizes offered for the pick count', () => {
    expect(checkSystemParlay(picks(3), [2, 3]).ok).toBe(true);
    expect(checkSystemParlay(picks(3), [1, 2, 3]).ok).toBe(false); // singles are not offered (decision 0.6)
    expect(checkSystemParlay(picks(3), [2, 2]).ok).toBe(false);
    expect(checkSystemParlay(picks(11), [11]).ok).toBe(true);
    expect(checkSystemParlay(picks(11), [2]).ok).toBe(false); // > 10 picks: only the full combination
    expect(checkSystemParlay(picks(1), [1])).toMatchObject({ code: 'atLeastTwoMatchToBetParlay' });
  });
});

describe('odds change policy', () => {
  const none = { acceptBetterOdds: false, acceptAnyOdds: false };
  const better = { acceptBetterOdds: true, acceptAnyOdds: false };
  const any = { acceptBetterOdds: false, acceptAnyOdds: true };

  it.each([
    ['MY', '-0.90', '-0.90', none, 'place', 'unchanged'],
    ['MY', '-0.9', '-0.90', none, 'place', 'unchanged'],
    ['MY', '-0.90', '-0.80', none, 'reconfirm', 'priceChanged'],
    ['MY', '-0.90', '-0.80', better, 'place', 'better'], // 2.11 -> 2.25
    ['MY', '0.90', '-0.95', better, 'place', 'better'], // 1.90 -> 2.05
    ['MY', '-0.80', '-0.90', better, 'reconfirm', 'priceChanged'], // worse
    ['MY', '-0.80', '-0.90', any, 'place', 'anyOdds'],
    ['MY', '1.00', '-1.00', none, 'place', 'unchanged'], // the same even-money price
    ['ID', '-1.50', '-1.25', better, 'place', 'better'], // 1.67 -> 1.80
    ['ID', '-1.25', '-1.50', better, 'reconfirm', 'priceChanged'],
    ['DEC', '1.90', '1.95', better, 'place', 'better'],
    ['HK', '0.90', '0.85', better, 'reconfirm', 'priceChanged'],
  ] as const)('%s %s -> %s with %j: %s (%s)', (format, offered, current, policy, action, reason) => {
    expect(oddsChangeDecision({ format, offered, current, ...policy })).toEqual({ action, reason });
  });

  it('a moved line always asks again, even with accept any odds', () => {
    expect(
      oddsChangeDecision({
        format: 'MY',
        offered: '0.9',
        current: '0.9',
        offeredLine: '-0.5',
        currentLine: '-0.75',
        ...any,
      }),
    ).toEqual({ action: 'reconfirm', reason: 'lineChanged' });
    expect(
      oddsChangeDecision({
        format: 'MY',
        offered: '0.9',
        current: '0.95',
        offeredLine: '-0.5',
        currentLine: -0.5,
        ...better,
      }),
    ).toEqual({ action: 'place', reason: 'better' });
  });

  it('Myanmar: better is the side own percentage; a changed ball asks again', () => {
    const line = (ball: number, percent: number) => ({ ball, percent });
    expect(
      myanmarOddsChangeDecision({
        side: 'favourite',
        offered: line(1, -40),
        current: line(1, -30),
        ...better,
      }),
    ).toEqual({
      action: 'place',
      reason: 'better',
    });
    expect(
      myanmarOddsChangeDecision({
        side: 'underdog',
        offered: line(1, -40),
        current: line(1, -30),
        ...better,
      }),
    ).toEqual({
      action: 'reconfirm',
      reason: 'priceChanged',
    });
    expect(
      myanmarOddsChangeDecision({ side: 'underdog', offered: line(1, -40), current: line(2, -40), ...any }),
    ).toEqual({
      action: 'reconfirm',
      reason: 'lineChanged',
    });
    expect(
      myanmarOddsChangeDecision({
        side: 'favourite',
        offered: line(1, -40),
        current: line(1, -30),
        offeredPayoutRate: '0.95',
        currentPayoutRate: '0.90',
        ...better,
      }),
    ).toEqual({ action: 'reconfirm', reason: 'priceChanged' });
  });
});
