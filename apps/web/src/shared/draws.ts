import type { TFunction } from 'i18next';

/** Words of our draws' selections and results (keno's sum and counts, the number game's sides), translated. */
const DRAW_WORDS = new Set([
  'big',
  'small',
  'push',
  'odd',
  'even',
  'up',
  'down',
  'equal',
  'over',
  'under',
  'first',
  'last',
]);

/**
 * A keno or number-game selection or result as shown everywhere (market cells, bet lists, /ngresult): a word
 * translated, a D_3 range as its balls ('3' is 31-45), a ball number as it is.
 */
export function drawValueLabel(t: TFunction, kind: string, value: string): string {
  // A keno pick is the member's numbers: '3,17,45' reads '3, 17, 45'.
  if (kind === 'keno_pick') return value.split(',').join(', ');
  if (DRAW_WORDS.has(value)) return t(`ngresult.values.${value}` as 'ngresult.values.big');
  if (kind === 'd3' && /^[1-5]$/.test(value)) return `${(Number(value) - 1) * 15 + 1}-${Number(value) * 15}`;
  return value;
}
