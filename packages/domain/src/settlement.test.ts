import { describe, expect, it } from 'vitest';
import { toMinorUnits } from './money';
import { ODDS_FORMATS, convertOdds, type OddsFormat } from './odds';
import { OUTCOMES, type Outcome } from './outcome';
import { handicapOutcome } from './outcomes/handicap';
import { quartersToText } from './outcomes/line';
import { outcomeWithVoidFactor, settleSingle } from './settlement';
import { riskAndWin } from './stake';

describe('riskAndWin (rules.md 1.2, SBOBET vectors, S = 10)', () => {
  it.each([
    ['DEC', '1.96', '10.00', '9.60'],
    ['HK', '0.96', '10.00', '9.60'],
    ['MY', '0.96', '10.00', '9.60'],
    ['MY', '-0.96', '9.60', '10.00'],
    ['ID', '1.96', '10.00', '19.60'],
    ['ID', '-1.96', '19.60', '10.00'],
  ] as const)('%s %s risks %s to win %s', (format, price, risk, win) => {
    expect(riskAndWin({ format, price, stake: '10' })).toEqual({ risk, win });
  });

  it('NOVA: 1 at MY -0.91 debits 0.91 and pays 1.91 at most', () => {
    expect(riskAndWin({ format: 'MY', price: '-0.91', stake: '1' })).toEqual({ risk: '0.91', win: '1.00' });
    expect(settleSingle({ format: 'MY', price: '-0.91', stake: '1', outcome: 'won' }).payout).toBe('1.91');
  });

  it('rounds a fractional-cent risk half-up (it is a debit in whole cents)', () => {
    expect(riskAndWin({ format: 'MY', price: '-0.955', stake: '10.01' }).risk).toBe('9.56'); // 9.55955
    expect(riskAndWin({ format: 'MY', price: '-0.955', stake: '10.03' }).risk).toBe('9.58'); // 9.57865
  });

  it('refuses a stake that is not a positive amount of at most 2 decimals', () => {
    expect(() => riskAndWin({ format: 'DEC', price: '1.9', stake: '0' })).toThrow();
    expect(() => riskAndWin({ format: 'DEC', price: '1.9', stake: '1.005' })).toThrow();
    expect(() => riskAndWin({ format: 'DEC', price: '1.9', stake: '-5' })).toThrow();
  });
});

type Money = readonly [net: string, payout: string];
/** rules.md 2.1, S = 100: net / return for win, half win, push, half lose, lose. */
const TABLE_2_1: ReadonlyArray<readonly [OddsFormat, string, Money, Money, Money, Money, Money]> = [
  [
    'DEC',
    '1.90',
    ['90.00', '190.00'],
    ['45.00', '145.00'],
    ['0.00', '100.00'],
    ['-50.00', '50.00'],
    ['-100.00', '0.00'],
  ],
  [
    'HK',
    '0.90',
    ['90.00', '190.00'],
    ['45.00', '145.00'],
    ['0.00', '100.00'],
    ['-50.00', '50.00'],
    ['-100.00', '0.00'],
  ],
  [
    'MY',
    '0.90',
    ['90.00', '190.00'],
    ['45.00', '145.00'],
    ['0.00', '100.00'],
    ['-50.00', '50.00'],
    ['-100.00', '0.00'],
  ],
  [
    'MY',
    '-0.80',
    ['100.00', '180.00'],
    ['50.00', '130.00'],
    ['0.00', '80.00'],
    ['-40.00', '40.00'],
    ['-80.00', '0.00'],
  ],
  [
    'ID',
    '-1.25',
    ['100.00', '225.00'],
    ['50.00', '175.00'],
    ['0.00', '125.00'],
    ['-62.50', '62.50'],
    ['-125.00', '0.00'],
  ],
  [
    'ID',
    '1.20',
    ['120.00', '220.00'],
    ['60.00', '160.00'],
    ['0.00', '100.00'],
    ['-50.00', '50.00'],
    ['-100.00', '0.00'],
  ],
];

describe('settleSingle (rules.md 2.1 table, S = 100)', () => {
  const order: readonly Outcome[] = ['won', 'won_half', 'draw', 'lost_half', 'lost'];
  for (const [format, price, ...columns] of TABLE_2_1) {
    it.each(order.map((outcome, index) => [outcome, columns[index] as Money] as const))(
      `${format} ${price} %s -> %j`,
      (outcome, [net, payout]) => {
        const settled = settleSingle({ format, price, stake: '100', outcome });
        expect(settled.winLoss).toBe(net);
        expect(settled.payout).toBe(payout);
      },
    );
  }

  it('a void returns exactly the risk, like a push', () => {
    expect(settleSingle({ format: 'ID', price: '-1.25', stake: '100', outcome: 'void' })).toEqual({
      risk: '125.00',
      payout: '125.00',
      winLoss: '0.00',
    });
  });
});

describe('AH worked combinations (rules.md 2.2)', () => {
  const ah = (line: string, margin: number) =>
    margin >= 0 ? handicapOutcome(margin, 0, line) : handicapOutcome(0, -margin, line);

  it('AH -0.25 @ 1.90, S = 100, draw -> -50, return 50', () => {
    expect(
      settleSingle({ format: 'DEC', price: '1.90', stake: '100', outcome: ah('-0.25', 0) }),
    ).toMatchObject({
      payout: '50.00',
      winLoss: '-50.00',
    });
  });

  it('AH -0.75 @ 1.90, win by 1 -> +45, return 145; BODOG at 2.0 on 10 -> 15', () => {
    expect(settleSingle({ format: 'DEC', price: '1.90', stake: '100', outcome: ah('-0.75', 1) }).payout).toBe(
      '145.00',
    );
    expect(settleSingle({ format: 'DEC', price: '2.0', stake: '10', outcome: ah('-0.75', 1) }).payout).toBe(
      '15.00',
    );
  });

  it('AH +0.75 @ MY -0.80, S = 100, lose by 1 -> -40, return 40', () => {
    expect(
      settleSingle({ format: 'MY', price: '-0.80', stake: '100', outcome: ah('0.75', -1) }),
    ).toMatchObject({
      payout: '40.00',
      winLoss: '-40.00',
    });
  });

  it('TRIPOD: Cardiff -3/4 @ 1.825 vs Swansea +3/4 @ 2.075, 100 each', () => {
    const cardiff = (margin: number) =>
      settleSingle({ format: 'DEC', price: '1.825', stake: '100', outcome: ah('-0.75', margin) });
    const swansea = (margin: number) =>
      settleSingle({ format: 'DEC', price: '2.075', stake: '100', outcome: ah('0.75', -margin) });
    expect(cardiff(0).winLoss).toBe('-100.00');
    expect(swansea(0).payout).toBe('207.50');
    expect(cardiff(1)).toMatchObject({ payout: '141.25', winLoss: '41.25' });
    expect(swansea(1).payout).toBe('50.00');
  });

  it('FUN88 live: 1-0 at bet, Juve -0.75 @ 1.80, Man U +0.75 @ 2.15, 100 each', () => {
    const juve = (outcome: Outcome) =>
      settleSingle({ format: 'DEC', price: '1.80', stake: '100', outcome }).winLoss;
    const manU = (outcome: Outcome) =>
      settleSingle({ format: 'DEC', price: '2.15', stake: '100', outcome }).winLoss;
    expect([juve('won'), manU('lost')]).toEqual(['80.00', '-100.00']); // 3-0
    expect([juve('won_half'), manU('lost_half')]).toEqual(['40.00', '-50.00']); // 2-0, 3-1
    expect([juve('lost'), manU('won')]).toEqual(['-100.00', '115.00']); // a draw or worse after the bet
  });
});

describe('rounding once, at the end (rules.md 0.1, 1.5)', () => {
  it('settles MY -0.96 in its own format: win 10.00, not 9.98 through a rounded 2.04', () => {
    const exact = settleSingle({ format: 'MY', price: '-0.96', stake: '10', outcome: 'won' });
    expect(exact).toEqual({ risk: '9.60', payout: '19.60', winLoss: '10.00' });
    const viaRounded = convertOdds('-0.96', 'MY', 'DEC', 2);
    expect(viaRounded).toBe('2.04');
    expect(settleSingle({ format: 'DEC', price: viaRounded, stake: '9.60', outcome: 'won' }).winLoss).toBe(
      '9.98',
    );
  });

  it.each([
    // x.xx5 boundaries: exact half cents round up.
    ['HK', '0.5', '10.05', 'won', '15.08', '5.03'], // 15.075
    ['DEC', '1.5', '0.15', 'lost_half', '0.08', '-0.07'], // 0.075
    ['DEC', '1.95', '0.11', 'won_half', '0.16', '0.05'], // 0.11 + 0.05225 = 0.16225
    ['DEC', '1.915', '1', 'won', '1.92', '0.92'], // 1.915
    ['DEC', '1.9149', '1', 'won', '1.91', '0.91'],
    ['MY', '0.333', '0.15', 'won', '0.20', '0.05'], // 0.19995
    ['ID', '-1.05', '0.01', 'lost_half', '0.01', '0.00'], // risk 0.0105 -> 0.01; half of it 0.005 -> 0.01
  ] as const)(
    '%s %s stake %s %s -> payout %s, win/loss %s',
    (format, price, stake, outcome, payout, winLoss) => {
      expect(settleSingle({ format, price, stake, outcome })).toMatchObject({ payout, winLoss });
    },
  );

  it('win/loss is always payout minus risk, to the cent', () => {
    for (const outcome of OUTCOMES) {
      const settled = settleSingle({ format: 'MY', price: '-0.87', stake: '33.33', outcome });
      expect(toMinorUnits(settled.payout) - toMinorUnits(settled.risk)).toBe(toMinorUnits(settled.winLoss));
    }
  });
});

describe('dead heat (E17, decision 0.8) and VoidFactor (E19)', () => {
  it('E17: 100 @ 1.40, 2 winners -> profit 20; 100 @ 3.50 -> profit 125, return 225', () => {
    expect(
      settleSingle({ format: 'DEC', price: '1.40', stake: '100', outcome: 'won', deadHeat: 2 }).winLoss,
    ).toBe('20.00');
    expect(
      settleSingle({ format: 'DEC', price: '3.50', stake: '100', outcome: 'won', deadHeat: 2 }),
    ).toMatchObject({
      payout: '225.00',
      winLoss: '125.00',
    });
  });

  it('E18 (UK/Sportradar, 175) is not the platform rule', () => {
    expect(
      settleSingle({ format: 'DEC', price: '3.50', stake: '100', outcome: 'won', deadHeat: 2 }).payout,
    ).not.toBe('175.00');
  });

  it('a dead heat only divides a win', () => {
    expect(() =>
      settleSingle({ format: 'DEC', price: '3.5', stake: '100', outcome: 'lost', deadHeat: 2 }),
    ).toThrow();
    expect(() =>
      settleSingle({ format: 'DEC', price: '3.5', stake: '100', outcome: 'won', deadHeat: 0 }),
    ).toThrow();
  });

  it('E19: 100 @ 1.90 won with VF 0.5 -> 145; lost with VF 0.5 -> 50; VF 1 -> 100', () => {
    const pay = (outcome: Outcome) =>
      settleSingle({ format: 'DEC', price: '1.90', stake: '100', outcome }).payout;
    expect(pay(outcomeWithVoidFactor('won', '0.5'))).toBe('145.00');
    expect(pay(outcomeWithVoidFactor('lost', '0.5'))).toBe('50.00');
    expect(pay(outcomeWithVoidFactor('won', '1'))).toBe('100.00');
    expect(outcomeWithVoidFactor('won', '0')).toBe('won');
  });
});

// Generated inputs for these invariants (payout never negative, zero-sum sides, x.xx5) are in properties.test.ts;
// the sweep below is the exhaustive small grid.
describe('properties', () => {
  it('both sides of an even-money handicap (DEC 2.00 vs MY -1.00) sum to zero', () => {
    for (let quarters = -12; quarters <= 12; quarters += 1) {
      const line = quartersToText(quarters);
      const opposite = quartersToText(-quarters);
      for (let home = 0; home <= 5; home += 1) {
        for (let away = 0; away <= 5; away += 1) {
          const homeBet = settleSingle({
            format: 'DEC',
            price: '2.00',
            stake: '100',
            outcome: handicapOutcome(home, away, line),
          });
          const awayBet = settleSingle({
            format: 'MY',
            price: '-1.00',
            stake: '100',
            outcome: handicapOutcome(away, home, opposite),
          });
          expect(toMinorUnits(homeBet.winLoss) + toMinorUnits(awayBet.winLoss)).toBe(0n);
        }
      }
    }
  });

  it('the same price in any format settles the same when the risk is the same', () => {
    // DEC 2.25 = HK 1.25 = ID 1.25 (positive side), stake 80 -> same money.
    for (const outcome of OUTCOMES) {
      const results = (['DEC', 'HK', 'ID'] as const).map(
        (format) =>
          settleSingle({ format, price: format === 'DEC' ? '2.25' : '1.25', stake: '80', outcome }).payout,
      );
      expect(new Set(results).size).toBe(1);
    }
    expect(ODDS_FORMATS).toHaveLength(4);
  });
});
