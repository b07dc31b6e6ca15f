import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@sb/contract';
import { CHUNK_TIMEOUT_MS } from '../lazy';
import { LANGUAGE_TAGS } from './languages';

type Bundle = Record<string, unknown>;

/**
 * One JSON file per language, emitted as a hashed asset and fetched when the language is first used
 * (as i18next's HTTP backend would): texts stay out of the JavaScript and parse as plain JSON.
 */
const urls = import.meta.glob<string>('../../locales/*.json', {
  query: '?url',
  import: 'default',
  eager: true,
});

const fetchBundle = async (language: Language): Promise<Bundle> => {
  const url = urls[`../../locales/${language}.json`];
  if (!url) throw new Error(`No locale file for ${language}`);
  const response = await fetch(url, { signal: AbortSignal.timeout(CHUNK_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`Locale ${language}: HTTP ${response.status}`);
  return (await response.json()) as Bundle;
};

export async function loadLanguage(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  i18n.addResourceBundle(language, 'translation', await fetchBundle(language), true, true);
}

export async function initI18n(language: Language, bundle?: Bundle): Promise<typeof i18n> {
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      lng: language,
      // No fallback: a missing text is a bug the locale test catches, never English inside another language.
      fallbackLng: false,
      resources: bundle ? { [language]: { translation: bundle } } : {},
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false },
    });
  }
  if (!bundle) await loadLanguage(language);
  await i18n.changeLanguage(language);
  applyDocumentLanguage(language);
  return i18n;
}

export function applyDocumentLanguage(language: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = LANGUAGE_TAGS[language];
}

/** Loads the language's texts first, so the switch is one render with every text replaced. */
export async function switchLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  await i18n.changeLanguage(language);
  applyDocumentLanguage(language);
}

export { i18n };
