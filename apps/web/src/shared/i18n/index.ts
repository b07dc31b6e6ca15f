import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@sb/contract';
import { LANGUAGE_TAGS } from './languages';

type Bundle = Record<string, unknown>;

/** One lazily loaded chunk per language. */
const loaders = import.meta.glob<Bundle>('../../locales/*.json', { import: 'default' });

export async function loadLanguage(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  const load = loaders[`../../locales/${language}.json`];
  if (!load) throw new Error(`No locale file for ${language}`);
  i18n.addResourceBundle(language, 'translation', await load(), true, true);
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
