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

const textsOf = (value: unknown, prefix = ''): [string, string][] =>
  value !== null && typeof value === 'object'
    ? Object.entries(value).flatMap(([key, inner]) => textsOf(inner, prefix ? `${prefix}.${key}` : key))
    : [[prefix, String(value)]];

describe('back-office locales', () => {
  const english = keysOf(bundles['../locales/en.json']).sort();
  it.each(LANGUAGES.map((language) => [language]))('%s has every English key and no other', (language) => {
    const bundle = bundles[`../locales/${language}.json`];
    expect(bundle).toBeDefined();
    expect(keysOf(bundle).sort()).toEqual(english);
  });
  // Every text with letters in it, not only the title: texts had slipped into tw as Chinese (spec section 1: 'tw'
  // is the Khmer-labelled option, 'my' Burmese). Codes and short Latin tokens (TOTP, QR, MYR) may stay.
  const SCRIPTS: Record<string, RegExp> = { tw: /[\u1780-\u17ff]/, my: /[\u1000-\u109f]/ };
  it.each(Object.entries(SCRIPTS))('%s is written in its own script', (language, letters) => {
    const texts = textsOf(bundles[`../locales/${language}.json`]);
    const foreign = texts
      .filter(([, text]) => {
        const words = text.replace(/{{\s*\w+\s*}}/g, '');
        const cjk = /[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]/.test(words);
        const latinWords = /[a-z]{4,}/i.test(words);
        return cjk || (latinWords && !letters.test(words));
      })
      .map(([key]) => key);
    expect(foreign).toEqual([]);
  });
});
