import { describe, expect, it } from 'vitest';
import { ERRORS } from '@sb/contract';
import { LANGUAGE_CODES } from '../shared/i18n/languages';
import en from './en.json';
import cn from './cn.json';
import tw from './tw.json';
import my from './my.json';
import id from './id.json';
import jp from './jp.json';
import kr from './kr.json';
import th from './th.json';
import vi from './vi.json';

type Tree = { [key: string]: string | Tree };

const flatten = (tree: Tree, prefix = ''): Map<string, string> => {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(`${prefix}${key}`, value);
    else for (const [inner, text] of flatten(value, `${prefix}${key}.`)) out.set(inner, text);
  }
  return out;
};

const LOCALES: Record<string, Tree> = { en, cn, tw, my, id, jp, kr, th, vi };
const english = flatten(en);
const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort();

/** Texts that are the same in every language (codes, abbreviations, numbers). */
const SAME_EVERYWHERE = new Set(['app.gmt8', 'settings.marketTypes.2']);

describe('locales', () => {
  it('has a file for each of the nine languages', () => {
    expect(Object.keys(LOCALES).sort()).toEqual([...LANGUAGE_CODES].sort());
  });

  it('translates every statusdesc code of the catalogue', () => {
    for (const code of Object.keys(ERRORS)) expect(english.has(`errors.${code}`), code).toBe(true);
  });

  for (const [language, tree] of Object.entries(LOCALES)) {
    if (language === 'en') continue;
    describe(language, () => {
      const texts = flatten(tree);

      it('has every key of en and no other', () => {
        const missing = [...english.keys()].filter((key) => !texts.has(key));
        const extra = [...texts.keys()].filter((key) => !english.has(key));
        expect({ missing, extra }).toEqual({ missing: [], extra: [] });
      });

      it('keeps every placeholder and leaves no text empty', () => {
        for (const [key, text] of texts) {
          expect(text.trim(), `${language} ${key}`).not.toBe('');
          expect(placeholders(text), `${language} ${key}`).toEqual(placeholders(english.get(key) ?? ''));
        }
      });

      it('is a translation, not a copy of English', () => {
        const copied = [...texts].filter(
          ([key, text]) => text === english.get(key) && !SAME_EVERYWHERE.has(key) && /[a-z]{3}/i.test(text),
        );
        // Brand-like and technical words (e.g. "1X2", "MY (Malay)") may stay; sentences may not.
        expect(
          copied.filter(([, text]) => text.includes(' ') && text.length > 12).map(([key]) => key),
        ).toEqual([]);
      });
    });
  }

  // 'tw' is the Khmer-labelled option and 'my' Burmese (spec section 1): a text with letters in it must use the
  // language's own script (texts had slipped in as Chinese and Malay). Codes and names may stay Latin.
  const SCRIPTS: Record<string, { name: string; letters: RegExp }> = {
    tw: { name: 'Khmer', letters: /[\u1780-\u17ff]/ },
    my: { name: 'Burmese', letters: /[\u1000-\u109f]/ },
  };
  const LATIN_ALLOWED = new Set(['app.gmt8', 'home.banners.efighting.title', 'settings.marketTypes.2']);
  for (const [language, script] of Object.entries(SCRIPTS)) {
    it(`${language} is written in ${script.name} script`, () => {
      const texts = flatten(LOCALES[language] ?? {});
      const foreign = [...texts]
        .filter(([key]) => !LATIN_ALLOWED.has(key))
        .filter(([, text]) => {
          const words = text.replace(/{{\s*\w+\s*}}/g, '');
          const hasLetters = /[a-z\u00c0-\u024f\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]/i.test(words);
          return (
            /[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]/.test(words) ||
            (hasLetters && !script.letters.test(words))
          );
        })
        .filter(([, text]) => !/^[A-Z0-9+\-/ ().]{1,6}$/.test(text))
        .map(([key]) => key);
      expect(foreign).toEqual([]);
    });
  }
});
