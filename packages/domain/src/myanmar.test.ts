import { describe, expect, it } from 'vitest';
import {
  commissionFromPayoutRate,
  formatMyanmarLine,
  myanmarFraction,
  myanmarFromAsianHandicap,
  myanmarOddsAllowed,
  myanmarOutcome,
  myanmarParlayPayout,
  myanmarTotalOutcome,
  otherSideLine,
  parseMyanmarLine,
  settleMyanmar,
  type MyanmarSide,
} from './myanmar';
import { outcomeFactor } from './outcome';
import { handicapOutcome } from './outcomes/handicap';

/** rules.md 4.3: fraction of the stake by the favourite's margin -1, 0, 1, 2, 3. */
const TABLE_4_3: ReadonlyArray<readonly [line: string, side: MyanmarSide, byMargin: readonly string[]]> = [
  ['1+40', 'favourite', ['-1', '-1', '0.4', '1', '1']],
  ['1+40', 'underdog', ['1', '1', '-0.4', '-1', '-1']],
  ['1-40', 'favourite', ['-1', '-1', '-0.4', '1', '1']],
  ['1-40', 'underdog', ['1', '1', '0.4', '-1', '-1']],
  ['=+50', 'favourite', ['-1', '0.5', '1', '1', '1']],
  ['=-50', 'favourite', ['-1', '-0.5', '1', '1', '1']],
  ['=-50', 'underdog', ['1', '0.5', '-1', '-1', '-1']],
  ['2-20', 'favourite', ['-1', '-1', '-1', '-0.2', '1']],
  ['1D', 'favourite', ['-1', '-1', '0', '1', '1']],
];

describe('Myanmar body settlement (rules.md 4.3)', () => {
  for (const [text, side, byMargin] of TABLE_4_3) {
    it.each(byMargin.map((fraction, index) => [index - 1, fraction] as const))(
      `${text} ${side}, margin %i -> %s`,
      (margin, fraction) => {
        const { ball, percent } = parseMyanmarLine(text);
        expect(myanmarOutcome(margin, ball, percent, side)).toBe(fraction);
      },
    );
  }

  it('stake 10,000 on the favourite at 1-40, favourite wins 2-1 -> return 6,000', () => {
    const fraction = myanmarOutcome(1, 1, -40, 'favourite');
    expect(settleMyanmar({ stake: '10000', fraction })).toEqual({
      payout: '6000.00',
      winLoss: '-4000.00',
      commission: '0.00',
    });
  });

  it('takes the commission (default 5%) from winnings only (decision 0.7)', () => {
    expect(settleMyanmar({ stake: '10000', fraction: '1' })).toEqual({
      payout: '19500.00',
      winLoss: '9500.00',
      commission: '500.00',
    });
    expect(settleMyanmar({ stake: '10000', fraction: '0.4', commissionRate: '0.1' })).toEqual({
      payout: '13600.00',
      winLoss: '3600.00',
      commission: '400.00',
    });
    expect(settleMyanmar({ stake: '10000', fraction: '0' }).payout).toBe('10000.00');
    expect(settleMyanmar({ stake: '10000', fraction: '-1' }).payout).toBe('0.00');
  });

  it('rounds once, half-up: 0.15 at +50% with 5% commission -> 0.15 + 0.07125 = 0.22125 -> 0.22', () => {
    expect(settleMyanmar({ stake: '0.15', fraction: '0.5' })).toEqual({
      payout: '0.22',
      winLoss: '0.07',
      commission: '0.01',
    });
    expect(settleMyanmar({ stake: '0.10', fraction: '0.5', commissionRate: '0' }).payout).toBe('0.15');
    expect(settleMyanmar({ stake: '0.01', fraction: '0.5', commissionRate: '0' }).payout).toBe('0.02'); // 0.015
  });

  it('refuses fractions beyond a full win or loss and bad commission rates', () => {
    expect(() => settleMyanmar({ stake: '10', fraction: '1.5' })).toThrow();
    expect(() => settleMyanmar({ stake: '10', fraction: '0.5', commissionRate: '1' })).toThrow();
    expect(() => settleMyanmar({ stake: '10', fraction: '0.5', commissionRate: '-0.1' })).toThrow();
  });
});

describe('Myanmar equals AH at even money (rules.md 4.4)', () => {
  it.each([
    ['D', '0'],
    ['L-50', '-0.25'],
    ['L-100', '-0.5'],
    ['1+50', '-0.75'],
    ['1D', '-1'],
    ['1-50', '-1.25'],
    ['1-100', '-1.5'],
    ['2+50', '-1.75'],
    ['2D', '-2'],
    ['2+100', '-1.5'],
  ] as const)('%s behaves as AH %s for both sides', (text, ahLine) => {
    const line = parseMyanmarLine(text);
    const opposite = ahLine.startsWith('-') ? ahLine.slice(1) : ahLine;
    for (let margin = -3; margin <= 5; margin += 1) {
      const [fav, dog] = margin >= 0 ? [margin, 0] : [0, -margin];
      expect(
        myanmarFraction(margin, line, 'favourite').eq(outcomeFactor(handicapOutcome(fav, dog, ahLine))),
      ).toBe(true);
      expect(
        myanmarFraction(margin, line, 'underdog').eq(outcomeFactor(handicapOutcome(dog, fav, opposite))),
      ).toBe(true);
    }
  });
});

describe('Myanmar price from AH line + Malay price (rules.md 4.5)', () => {
  it.each([
    ['1.0', '0.90', 1, -10, '-10'],
    ['1.0', '-0.90', 1, 10, '10'],
    ['0.5', '0.90', 1, 80, '80'],
    ['0.5', '-0.90', 0, -80, '-80'],
    ['0.25', '0.90', 0, -55, '-55'],
    ['0.25', '-0.90', 0, -35, '-35'],
    ['0.75', '0.90', 1, 35, '35'],
    ['0.75', '-0.90', 1, 55, '55'],
    ['1.25', '0.85', 1, -58, '-57.5'], // rounded to whole percent, half away from zero
    ['1.75', '0.95', 2, 43, '42.5'],
    ['0', '0.90', 0, -10, '-10'],
  ] as const)('|h| %s at MY %s -> ball %i, %i%% (exact %s)', (h, malay, ball, percent, exact) => {
    expect(myanmarFromAsianHandicap(h, malay)).toEqual({ line: { ball, percent }, exactPercent: exact });
  });

  it('takes the magnitude of the line', () => {
    expect(myanmarFromAsianHandicap('-0.75', '0.90').line).toEqual({ ball: 1, percent: 35 });
  });
});

describe('Myanmar goals (rules.md 4.6, decision 0.7)', () => {
  it('over acts as the favourite with the total as margin', () => {
    expect(myanmarTotalOutcome(3, 2, 40, 'over')).toBe('1');
    expect(myanmarTotalOutcome(2, 2, 40, 'over')).toBe('0.4');
    expect(myanmarTotalOutcome(2, 2, 40, 'under')).toBe('-0.4');
    expect(myanmarTotalOutcome(1, 2, 40, 'under')).toBe('1');
  });
});

describe('Myanmar parlay "maung" (rules.md 4.7), S = 10,000, no commission', () => {
  it.each([
    [['1', '1', '1'], '80000.00'],
    [['1', '0.4', '1'], '56000.00'],
    [['1', '-0.4', '1'], '24000.00'],
    [['1', '0', '1'], '40000.00'],
    [['1', '-1', '1'], '0.00'],
  ] as const)('%j -> %s', (fractions, payout) => {
    expect(myanmarParlayPayout('10000', fractions, '0').payout).toBe(payout);
  });

  it('takes the commission on the net win only', () => {
    expect(myanmarParlayPayout('10000', ['1', '1', '1'])).toEqual({
      payout: '76500.00',
      winLoss: '66500.00',
      commission: '3500.00',
    });
    // A losing maung (0.5 x 1.4 = 0.7 of the stake) carries no commission.
    expect(myanmarParlayPayout('10000', ['-0.5', '0.4'])).toEqual({
      payout: '7000.00',
      winLoss: '-3000.00',
      commission: '0.00',
    });
  });

  it('has 1 to 10 legs in settlement', () => {
    expect(() => myanmarParlayPayout('10', [])).toThrow();
    expect(() =>
      myanmarParlayPayout(
        '10',
        Array.from({ length: 11 }, () => '1'),
      ),
    ).toThrow();
  });
});

describe('notation', () => {
  it.each([
    ['1+40', { ball: 1, percent: 40 }],
    ['1-40', { ball: 1, percent: -40 }],
    ['=+50', { ball: 0, percent: 50 }],
    ['=-30', { ball: 0, percent: -30 }],
    ['L-50', { ball: 0, percent: -50 }],
    ['0+20', { ball: 0, percent: 20 }],
    ['2-20', { ball: 2, percent: -20 }],
    ['1D', { ball: 1, percent: 0 }],
    ['D', { ball: 0, percent: 0 }],
    ['1-100', { ball: 1, percent: -100 }],
  ] as const)('parses %s', (text, line) => {
    expect(parseMyanmarLine(text)).toEqual(line);
  });

  it.each(['', '=', '1', '1+101', '1*40', 'x+1', '1+4.5'])('refuses %j', (text) => {
    expect(() => parseMyanmarLine(text)).toThrow(/invalidOddsBall/);
  });

  it('formats ball and signed percentage', () => {
    expect(formatMyanmarLine({ ball: 1, percent: 50 })).toBe('1+50');
    expect(formatMyanmarLine({ ball: 0, percent: -30 })).toBe('=-30');
    expect(formatMyanmarLine({ ball: 1, percent: 0 })).toBe('1D');
    expect(formatMyanmarLine({ ball: 0, percent: 0 })).toBe('D');
    expect(otherSideLine({ ball: 1, percent: 40 })).toEqual({ ball: 1, percent: -40 });
  });

  it('offers Myanmar odds only to MMK and MMO members; 0.95 payout rate is 5% commission', () => {
    expect(myanmarOddsAllowed('MMK')).toBe(true);
    expect(myanmarOddsAllowed('MMO')).toBe(true);
    expect(myanmarOddsAllowed('MYR')).toBe(false);
    expect(commissionFromPayoutRate('0.95')).toBe('0.05');
  });
});
