import { describe, expect, it } from 'vitest';
import * as domain from './index';

describe('public API (issue 3, section 7)', () => {
  it('answers the issue examples through the package entry point', () => {
    expect(domain.convertOdds('2.50', 'DEC', 'MY', 2)).toBe('-0.67');
    expect(domain.handicapOutcome(1, 0, '-0.75')).toBe('won_half');
    expect(domain.totalOutcome(2, '2.25', 'over')).toBe('lost_half');
    expect(domain.settleSingle({ format: 'MY', price: '-0.80', stake: '100', outcome: 'won' })).toEqual({
      risk: '80.00',
      payout: '180.00',
      winLoss: '100.00',
    });
    expect(domain.parlayPayout('100', [{ format: 'DEC', price: '1.90', outcome: 'lost' }])).toEqual({
      payout: '0.00',
      winLoss: '-100.00',
    });
    const legs = ['2.0', '1.5', '3.0', '2.5'].map(
      (price) => ({ format: 'DEC', price, outcome: 'won' }) as const,
    );
    expect(domain.systemPayout('1', legs, [2])).toEqual({
      bets: 6,
      totalStake: '6.00',
      payout: '29.75',
      winLoss: '23.75',
    });
    expect(domain.myanmarOutcome(1, 1, -40, 'favourite')).toBe('-0.4');
    expect(domain.settleMyanmar({ stake: '100', fraction: '1', commissionRate: '0.05' })).toEqual({
      payout: '195.00',
      winLoss: '95.00',
      commission: '5.00',
    });
  });
});

describe('outcome names', () => {
  it("uses the issue's outcome names: won, won_half, draw, lost_half, lost, void", () => {
    expect(domain.OUTCOMES).toEqual(['won', 'won_half', 'draw', 'lost_half', 'lost', 'void']);
    for (const outcome of domain.OUTCOMES) expect(domain.parseOutcome(outcome)).toBe(outcome);
    expect(domain.outcomeFromHalves(-1)).toBe('lost_half');
    expect(domain.REFUND).toBe('void');
  });

  it('accepts the spellings of the spec and feeds as input only', () => {
    expect(domain.parseOutcome('lose_half')).toBe('lost_half');
    expect(domain.parseOutcome('lose half')).toBe('lost_half');
    expect(domain.parseOutcome('refund')).toBe('void');
    expect(domain.parseOutcome('push')).toBe('draw');
    expect(domain.parseOutcome('won half')).toBe('won_half');
    // No alias is ever an output: every alias maps to a canonical outcome.
    for (const target of Object.values(domain.OUTCOME_ALIASES)) expect(domain.OUTCOMES).toContain(target);
    expect(Object.keys(domain.OUTCOME_ALIASES)).not.toContain('lost_half');
  });

  it('refuses anything else, including inherited object keys', () => {
    for (const value of ['nonsense', '', 'LOST', 'toString', 'constructor', '__proto__', 'hasOwnProperty']) {
      expect(domain.parseOutcome(value), value).toBeNull();
    }
  });

  it('maps outcomes to r of rules.md 2.1 and back', () => {
    expect(domain.OUTCOMES.map((outcome) => domain.outcomeFactor(outcome).toString())).toEqual([
      '1',
      '0.5',
      '0',
      '-0.5',
      '-1',
      '0',
    ]);
    for (let halves = -2; halves <= 2; halves += 1) {
      expect(domain.outcomeHalves(domain.outcomeFromHalves(halves))).toBe(halves);
    }
    expect(() => domain.outcomeFromHalves(3)).toThrow();
  });
});
