import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@sb/contract';
import en from '../locales/en.json';

type Bundle = Record<string, unknown>;

/** Every language but English is fetched as a JSON asset when first chosen. */
const urls = import.meta.glob<string>('../locales/*.json', { query: '?url', import: 'default', eager: true });

export async function loadLanguage(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  const url = urls[`../locales/${language}.json`];
  if (!url) throw new Error(`No locale file for ${language}`);
  const response = await fetch(url, { signal: AbortSignal.timeout(15_000) });
  if (!response.ok) throw new Error(`Locale ${language}: HTTP ${response.status}`);
  i18n.addResourceBundle(language, 'translation', (await response.json()) as Bundle, true, true);
}

export async function initI18n(language: Language): Promise<typeof i18n> {
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      lng: 'en',
      fallbackLng: false,
      resources: { en: { translation: en } },
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  }
  if (language !== 'en') await loadLanguage(language);
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
  return i18n;
}

const KEY = 'sb_bo_language';
export const storedLanguage = (): Language => {
  const kept = localStorage.getItem(KEY);
  return (LANGUAGES as readonly string[]).includes(kept ?? '') ? (kept as Language) : 'en';
};
export async function chooseLanguage(language: Language): Promise<void> {
  localStorage.setItem(KEY, language);
  await initI18n(language);
}
