import { describe, expect, it } from 'vitest';
import { dec } from './decimal';
import type { OddsFormat } from './odds';
import { OUTCOMES, type Outcome } from './outcome';
import { legFactor, parlayFactor, parlayOdds, parlayPayout, type ParlayLeg } from './parlay';

const leg = (price: string, outcome: Outcome, format: OddsFormat = 'DEC'): ParlayLeg => ({
  format,
  price,
  outcome,
});

describe('mix parlay (rules.md 3.1)', () => {
  it('P1: 1.86 W, 1.96 W, 1.90 W, 2.36 W on 100 -> odds 16.3468704, net +1534.69', () => {
    const legs = [leg('1.86', 'won'), leg('1.96', 'won'), leg('1.90', 'won'), leg('2.36', 'won')];
    expect(parlayOdds(legs).eq(dec('16.3468704'))).toBe(true);
    expect(parlayPayout('100', legs)).toEqual({ payout: '1634.69', winLoss: '1534.69' });
  });

  it('P2: A half win, B C D win -> 1.43 x 8.78864 = 12.5677552, net +1156.78', () => {
    const legs = [leg('1.86', 'won_half'), leg('1.96', 'won'), leg('1.90', 'won'), leg('2.36', 'won')];
    expect(parlayFactor(legs).eq(dec('12.5677552'))).toBe(true);
    expect(parlayPayout('100', legs).winLoss).toBe('1156.78');
  });

  it('P3: half lose, 1.96 W, 1.90 W -> 1.862, net +86.20', () => {
    expect(
      parlayPayout('100', [leg('1.86', 'lost_half'), leg('1.96', 'won'), leg('1.90', 'won')]).winLoss,
    ).toBe('86.20');
  });

  it('P4: half lose, half lose, 1.90 W -> 0.475, net -52.50', () => {
    const legs = [leg('1.86', 'lost_half'), leg('1.96', 'lost_half'), leg('1.90', 'won')];
    expect(parlayPayout('100', legs)).toEqual({ payout: '47.50', winLoss: '-52.50' });
  });

  it('P5 (BA88, HK legs): 1.13 W, 0.90 W, 0.90 half win on 1000 -> 5.86815, net 4868.15', () => {
    const legs = [leg('1.13', 'won', 'HK'), leg('0.90', 'won', 'HK'), leg('0.90', 'won_half', 'HK')];
    expect(parlayFactor(legs).eq(dec('5.86815'))).toBe(true);
    expect(parlayPayout('1000', legs).winLoss).toBe('4868.15');
  });

  it('P6 (BODOG): 157.575 rounds half-up to 157.58 (the page prints binary-float 157.57)', () => {
    const legs = [leg('2.0', 'won_half'), leg('2.2', 'won'), leg('1.91', 'won'), leg('2.5', 'won')];
    expect(parlayFactor(legs).mul(dec('10')).eq(dec('157.575'))).toBe(true);
    expect(parlayPayout('10', legs).payout).toBe('157.58');
  });

  it('P7: 2.0 half win, 2.2 half win, 1.91 W, 2.5 W on 10 -> 114.60', () => {
    const legs = [leg('2.0', 'won_half'), leg('2.2', 'won_half'), leg('1.91', 'won'), leg('2.5', 'won')];
    expect(parlayPayout('10', legs).payout).toBe('114.60');
  });

  it('P8: 2.0 half lose, 2.2 half lose, 1.91 W, 2.5 W on 10 -> 11.9375 -> 11.94', () => {
    const legs = [leg('2.0', 'lost_half'), leg('2.2', 'lost_half'), leg('1.91', 'won'), leg('2.5', 'won')];
    expect(parlayPayout('10', legs).payout).toBe('11.94');
  });

  it('P9: MY -0.80 W (2.25), MY +0.90 W, ID -1.25 W (1.80) on 100 -> 769.50, net 669.50', () => {
    const legs = [leg('-0.80', 'won', 'MY'), leg('0.90', 'won', 'MY'), leg('-1.25', 'won', 'ID')];
    expect(parlayPayout('100', legs)).toEqual({ payout: '769.50', winLoss: '669.50' });
  });

  it('P10: 1.90 void, 2.10 W, 1.85 W on 100 -> 388.50 (E16: void leg at 1.00)', () => {
    expect(parlayPayout('100', [leg('1.90', 'void'), leg('2.10', 'won'), leg('1.85', 'won')]).payout).toBe(
      '388.50',
    );
    expect(parlayPayout('100', [leg('1.90', 'draw'), leg('2.10', 'won'), leg('1.85', 'won')]).payout).toBe(
      '388.50',
    );
  });

  it('P11: 1.90 lost, 2.10 W, 1.85 W on 100 -> 0, net -100', () => {
    expect(parlayPayout('100', [leg('1.90', 'lost'), leg('2.10', 'won'), leg('1.85', 'won')])).toEqual({
      payout: '0.00',
      winLoss: '-100.00',
    });
  });

  it('leg factors of 3.1, with a dead-heat leg at 1 + (D - 1)/n', () => {
    const factor = (outcome: Outcome) => legFactor(leg('1.90', outcome)).toString();
    expect(OUTCOMES.map(factor)).toEqual(['1.9', '1.45', '1', '0.5', '0', '1']);
    expect(legFactor({ ...leg('3.50', 'won'), deadHeat: 2 }).toString()).toBe('2.25');
  });

  it('refuses an empty parlay and more than 12 legs', () => {
    expect(() => parlayPayout('100', [])).toThrow();
    expect(() =>
      parlayPayout(
        '100',
        Array.from({ length: 13 }, () => leg('1.5', 'won')),
      ),
    ).toThrow();
    expect(
      parlayPayout(
        '1',
        Array.from({ length: 12 }, () => leg('2', 'won')),
      ).payout,
    ).toBe('4096.00');
  });
});

// A parlay of one leg equals the single, and a parlay payout is never negative: properties.test.ts (fast-check).
