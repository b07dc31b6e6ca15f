import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@sb/contract';

const bundles = import.meta.glob<Record<string, unknown>>('../locales/*.json', {
  eager: true,
  import: 'default',
});

const keysOf = (value: unknown, prefix = ''): string[] =>
  value !== null && typeof value === 'object'
    ? Object.entries(value).flatMap(([key, inner]) => keysOf(inner, prefix ? `${prefix}.${key}` : key))
    : [prefix];

describe('back-office locales', () => {
  const english = keysOf(bundles['../locales/en.json']).sort();
  it.each(LANGUAGES.map((language) => [language]))('%s has every English key and no other', (language) => {
    const bundle = bundles[`../locales/${language}.json`];
    expect(bundle).toBeDefined();
    expect(keysOf(bundle).sort()).toEqual(english);
  });
  it('tw is Khmer and my is Burmese', () => {
    const title = (language: string) =>
      String((bundles[`../locales/${language}.json`] as { app: { title: string } }).app.title);
    expect(title('tw')).toMatch(/[\u1780-\u17FF]/);
    expect(title('my')).toMatch(/[\u1000-\u109F]/);
  });
});
