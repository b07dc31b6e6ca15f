import { describe, expect, it } from 'vitest';
import { formatUnits, unitsFromDecimal, unitsFromWire } from './money';
import { equals, rational, toPercent } from './rational';
import { cryptoRandom, pickWeighted, scriptedRandom } from './rng';
import { Faults } from './wallet/faults';

describe('money on the wire (x100000)', () => {
  it.each([
    ['3.56', 356_000n],
    ['1', 100_000n],
    ['0.01', 1_000n],
    ['1000.5', 100_050_000n],
  ])('%s -> %s', (text, units) => {
    expect(unitsFromDecimal(text)).toBe(units);
  });

  it.each(['-1', '1.001', 'abc', '', '1e3'])('refuses %j', (text) => {
    expect(unitsFromDecimal(text)).toBeNull();
  });

  it('formats to the cent and reads only safe non-negative integers', () => {
    expect(formatUnits(356_000n)).toBe('3.56');
    expect(formatUnits(-5_000n)).toBe('-0.05');
    expect(unitsFromWire(356000)).toBe(356_000n);
    expect(unitsFromWire(1.5)).toBeNull();
    expect(unitsFromWire(-1)).toBeNull();
    expect(unitsFromWire('1')).toBeNull();
  });
});

describe('rationals and randomness', () => {
  it('reduces, compares and prints percentages', () => {
    expect(rational(9650n, 10_000n)).toEqual({ num: 193n, den: 200n });
    expect(equals(rational(36n, 37n), rational(72n, 74n))).toBe(true);
    expect(toPercent(rational(36n, 37n))).toBe('97.30');
  });

  it('picks rows by cumulative weight', () => {
    const rows = [
      { weight: 2n, id: 'a' },
      { weight: 0n, id: 'never' },
      { weight: 3n, id: 'b' },
    ];
    expect([0n, 1n, 2n, 4n].map((draw) => pickWeighted(rows, scriptedRandom([draw])).id)).toEqual([
      'a',
      'a',
      'b',
      'b',
    ]);
  });

  it('draws below bounds larger than 2^48 (several crypto draws, no bias by rejection)', () => {
    const bound = (1n << 70n) + 12345n;
    for (let i = 0; i < 200; i += 1) {
      const value = cryptoRandom.below(bound);
      expect(value >= 0n && value < bound).toBe(true);
    }
  });
});

describe('fault switches', () => {
  it('accept probabilities 0-1 (or booleans) and bounded delays, refuse the rest', () => {
    const faults = new Faults();
    expect(faults.update({ drop: true, delay: 0.5, delay_ms: 100, rollback_before_bet: 0 })).toMatchObject({
      drop: 1,
      delay: 0.5,
      delayMs: 100,
      rollbackBeforeBet: 0,
    });
    expect(faults.update({ drop: 2 })).toBeNull();
    expect(faults.update({ delay_ms: -1 })).toBeNull();
    expect(faults.roll('drop')).toBe(true);
    expect(faults.roll('duplicate')).toBe(false);
    expect(faults.injected.drop).toBe(1);
    faults.reset();
    expect(faults.settings.drop).toBe(0);
    expect(faults.injected.drop).toBe(0);
  });
});
