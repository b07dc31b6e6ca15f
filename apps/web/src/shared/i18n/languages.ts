import type { Language } from '@sb/contract';

/**
 * The nine interface languages in the spec's order. Kept here as a value (the contract's LANGUAGES
 * lives beside zod schemas, which must stay out of the first chunk); languages.test.ts checks they match.
 */
export const LANGUAGE_CODES = [
  'en',
  'cn',
  'tw',
  'my',
  'id',
  'jp',
  'kr',
  'th',
  'vi',
] as const satisfies readonly Language[];

/** Each language is offered under its own name; 'tw' is the Khmer-labelled option (spec section 1). */
export const LANGUAGE_LABELS: Record<Language, string> = {
  en: 'English',
  cn: '简体中文',
  tw: 'ភាសាខ្មែរ',
  my: 'မြန်မာ',
  id: 'Bahasa Indonesia',
  jp: '日本語',
  kr: '한국어',
  th: 'ไทย',
  vi: 'Tiếng Việt',
};

/** BCP 47 tags for Intl formatting and <html lang>. Latin digits everywhere keep odds and money readable. */
export const LANGUAGE_TAGS: Record<Language, string> = {
  en: 'en-GB',
  cn: 'zh-CN',
  tw: 'km-KH',
  my: 'my-MM',
  id: 'id-ID',
  jp: 'ja-JP',
  kr: 'ko-KR',
  th: 'th-TH',
  vi: 'vi-VN',
};

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGE_CODES as readonly string[]).includes(value);
