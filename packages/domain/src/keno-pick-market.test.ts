import { describe, expect, it } from 'vitest';
import {
  KENO_PICK_KIND,
  drawLegOutcome,
  drawPaidPrice,
  drawPriceKey,
  isDrawKind,
  kenoPickMarket,
  kenoPickSelection,
  parseKenoPick,
} from './draws';
import { KENO_PAYTABLE } from './keno';

const balls = Array.from({ length: 20 }, (_, i) => i + 1); // 1..20 drawn
const pickLeg = (selection: string) => ({ kind: KENO_PICK_KIND, line: '', selection });

describe('keno pick as a sportsbook market', () => {
  it('is a draw kind, priced per pick count at the table top prize', () => {
    expect(isDrawKind(KENO_PICK_KIND)).toBe(true);
    const market = kenoPickMarket();
    expect(Object.keys(market.prices)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(market.prices['1']).toBe('3.80');
    expect(market.prices['4']).toBe('143.12');
    expect(market.prices['10']).toBe('125011.04');
  });

  it('every paying table entry is above 1.00, so a paid hit count is a win', () => {
    for (const table of Object.values(KENO_PAYTABLE)) {
      for (const hundredths of Object.values(table)) expect(hundredths).toBeGreaterThan(100);
    }
  });

  it.each([
    ['7', [7]],
    ['1,2,80', [1, 2, 80]],
    ['1,2,3,4,5,6,7,8,9,10', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]],
  ])('accepts the canonical pick %s', (selection, numbers) => {
    expect(parseKenoPick(selection)).toEqual(numbers);
    expect(drawPriceKey(KENO_PICK_KIND, selection)).toBe(String(numbers.length));
  });

  it.each(['', '0', '81', '3,2', '2,2', '02', '1,,2', ' 1', '1.5', '1,2,3,4,5,6,7,8,9,10,11', 'big'])(
    'refuses %j (not a canonical pick of 1-10 distinct numbers of 1-80)',
    (selection) => {
      expect(parseKenoPick(selection)).toBeNull();
      expect(drawPriceKey(KENO_PICK_KIND, selection)).toBeNull();
    },
  );

  it('other markets price the selection itself', () => {
    expect(drawPriceKey('keno', 'big')).toBe('big');
    expect(drawPriceKey('d1', '5')).toBe('5');
  });

  it('canonical form sorts the numbers', () => {
    expect(kenoPickSelection([45, 3, 17])).toBe('3,17,45');
  });

  it.each([
    ['5', 'won_px3.80'], // pick 1, hit
    ['50', 'lost'], // pick 1, miss
    ['1,2,3', 'won_px47.71'], // pick 3, 3 hits
    ['1,2,60', 'won_px2.07'], // pick 3, 2 hits
    ['1,60,61', 'lost'], // pick 3, 1 hit
    ['61,62,63,64,65,66,67,68,69,70', 'won_px2.50'], // pick 10, no hit pays
    ['1,2,3,4,5,6,7,8,9,10', 'won_px125011.04'],
  ])('pick %s settles %s', (selection, outcome) => {
    expect(drawLegOutcome(pickLeg(selection), balls)).toBe(outcome);
  });

  it('a pick that is not canonical is void, a short result throws', () => {
    expect(drawLegOutcome(pickLeg('3,1'), balls)).toBe('void');
    expect(() => drawLegOutcome(pickLeg('1'), [1, 2, 3])).toThrow(RangeError);
  });

  it('reads the paid price of a paid outcome only', () => {
    expect(drawPaidPrice('won_px3.80')).toBe('3.80');
    expect(drawPaidPrice('won_px125011.04')).toBe('125011.04');
    expect(drawPaidPrice('won')).toBeNull();
    expect(drawPaidPrice('won_dh2')).toBeNull();
    expect(drawPaidPrice('won_px3.8')).toBeNull();
  });
});
