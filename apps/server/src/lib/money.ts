/** Money is bigint minor units (2 decimals for every supported currency); JSON carries decimal strings. */
export const MINOR_PER_UNIT = 100n;

export function toMinor(text: string): bigint {
  const match = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) throw new RangeError(`not a money amount: ${text}`);
  const [, sign, whole = '0', fraction = ''] = match;
  const minor = BigInt(whole) * MINOR_PER_UNIT + BigInt(fraction.padEnd(2, '0'));
  return sign ? -minor : minor;
}

export function formatMinor(minor: bigint): string {
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  const text = `${abs / MINOR_PER_UNIT}.${(abs % MINOR_PER_UNIT).toString().padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}
