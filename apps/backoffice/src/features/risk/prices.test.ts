import { describe, expect, it } from 'vitest';
import { priceChange } from './prices';

describe('price override', () => {
  const market = { kind: 'hdp', period: 'ft', line: '-0.5' };
  it('sends only the filled prices', () =>
    expect(priceChange(7, market, { h: '1.95', a: '' })).toEqual({
      match_id: 7,
      kind: 'hdp',
      period: 'ft',
      line: '-0.5',
      prices: { h: '1.95' },
    }));
  it('refuses a malformed price, an empty form and an unknown market', () => {
    expect(priceChange(7, market, { h: '1.9555' })).toBeNull();
    expect(priceChange(7, market, { h: ' ' })).toBeNull();
    expect(priceChange(7, { ...market, kind: 'nope' }, { h: '2' })).toBeNull();
  });
  it('writes a numeric or missing line as text', () =>
    expect(priceChange(7, { ...market, line: null }, { h: '2' })?.line).toBe(''));
});
