/** Decimal strings from the wire shown with thousands separators, never through a float. */
export function formatMoney(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return value;
  const [, sign = '', whole = '0', fraction = ''] = match;
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${grouped}.${fraction.padEnd(2, '0').slice(0, 2)}`;
}

/** An amount a form may send: up to 15 digits and 2 decimals (the contract's money fields). */
export const isAmount = (value: string): boolean => /^\d{1,15}(\.\d{1,2})?$/.test(value.trim());

/** A rate between 0 and 1 as the contract's rate fields take it, from a percentage typed by a person. */
export function rateFromPercent(percent: string): string | null {
  const text = percent.trim();
  if (!/^\d{1,3}(\.\d{1,4})?$/.test(text)) return null;
  const value = Number(text);
  if (value > 100) return null;
  return (value / 100).toFixed(6).replace(/0+$/, '').replace(/\.$/, '');
}

/** A negative amount is the viewer's loss: the screens colour it. */
export const isNegative = (value: string | null | undefined): boolean =>
  !!value && value.trim().startsWith('-');
