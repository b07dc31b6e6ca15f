/** Parsers for single cells of the replay files: blanks, `8.0`, and `0` meaning "no price". */

const DECIMAL_RE = /^(\d+)(?:\.(\d+))?$/;

/**
 * A decimal price as an exact string with at least two decimals: '8.0' -> '8.00', '1.3' -> '1.30',
 * '1.005' -> '1.005'. Blank, 0 and anything not above 1 (a 0.972 appears in the ATP file) is no price: null.
 */
export function priceCell(text: string): string | null {
  const m = DECIMAL_RE.exec(text.trim());
  if (!m || m[1] === undefined) return null;
  const whole = String(Number(m[1]));
  const frac = (m[2] ?? '').replace(/0+$/, '').padEnd(2, '0');
  const value = Number(`${whole}.${frac}`);
  return value > 1 ? `${whole}.${frac}` : null;
}

/** A handicap or total line: '-0.25', '2.0' -> '2', '0.0' -> '0' (level ball is a line, not a blank). */
export function lineCell(text: string): string | null {
  const t = text.trim();
  if (t === '') return null;
  const value = Number(t);
  if (!Number.isFinite(value) || Math.round(value * 4) !== value * 4) return null;
  return String(value + 0);
}

/** A non-negative whole number such as goals ('2', '2.0'); null when blank or not whole. */
export function countCell(text: string): number | null {
  const t = text.trim();
  if (t === '') return null;
  const value = Number(t);
  return Number.isInteger(value) && value >= 0 ? value : null;
}

export type ResultLetter = 'H' | 'D' | 'A';

export function resultCell(text: string): ResultLetter | null {
  const t = text.trim();
  return t === 'H' || t === 'D' || t === 'A' ? t : null;
}
