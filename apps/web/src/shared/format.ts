import { DAY_MS, gmt8Date } from '@sb/domain';
import { useTranslation } from 'react-i18next';
import { config } from './config';
import { LANGUAGE_TAGS, isLanguage } from './i18n/languages';
import { gmt8DateStart } from '@sb/domain';

/** Intl locale for an app language, with Latin digits so odds and money read the same everywhere. */
export const intlLocale = (language: string): string =>
  `${isLanguage(language) ? LANGUAGE_TAGS[language] : 'en-GB'}-u-nu-latn`;

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

const numberFormat = (language: string, digits: number): Intl.NumberFormat => {
  const key = `${language}|${digits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(language), {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    numberFormats.set(key, format);
  }
  return format;
};

const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * Formats an exact decimal (the API sends money as strings) without going through a float:
 * Intl formats numeric strings exactly.
 */
export function formatNumber(
  value: string | number | null | undefined,
  language: string,
  digits = 2,
): string {
  if (value === null || value === undefined || value === '') return '';
  const text = typeof value === 'number' ? String(value) : value.trim();
  if (!DECIMAL.test(text)) return text;
  return numberFormat(language, digits).format(text as Intl.StringNumericLiteral);
}

export function formatMoney(
  value: string | number | null | undefined,
  language: string,
  currency?: string,
): string {
  const amount = formatNumber(value, language, 2);
  return currency && amount ? `${currency} ${amount}` : amount;
}

type DateStyle = 'date' | 'time' | 'dateTime';

const dateFormat = (language: string, style: DateStyle): Intl.DateTimeFormat => {
  const key = `${language}|${style}`;
  let format = dateFormats.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions = { timeZone: config.timeZone, hourCycle: 'h23' };
    if (style !== 'time') Object.assign(options, { year: 'numeric', month: '2-digit', day: '2-digit' });
    if (style !== 'date') Object.assign(options, { hour: '2-digit', minute: '2-digit' });
    format = new Intl.DateTimeFormat(intlLocale(language), options);
    dateFormats.set(key, format);
  }
  return format;
};

/** A calendar date (YYYY-MM-DD) is a GMT+8 working date; anything else is an instant. */
export function toDate(value: string | number | Date): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  const text = String(value).trim();
  const date = /^\d{4}-\d{2}-\d{2}$/.test(text)
    ? new Date(gmt8DateStart(text) ?? Number.NaN)
    : new Date(typeof value === 'number' ? value : text.replace(' ', 'T'));
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatDate(
  value: string | number | Date | null | undefined,
  language: string,
  style: DateStyle = 'date',
) {
  if (value === null || value === undefined || value === '') return '';
  const date = toDate(value);
  return date ? dateFormat(language, style).format(date) : String(value);
}

/** YYYY-MM-DD of today in GMT+8, shifted by whole days. */
export function gmt8Day(offsetDays = 0, now: Date = new Date()): string {
  return gmt8Date(now.getTime() + offsetDays * DAY_MS);
}

/** The formatters bound to the current language. */
export function useFormat() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return {
    language,
    number: (value: string | number | null | undefined, digits = 2) => formatNumber(value, language, digits),
    money: (value: string | number | null | undefined, currency?: string) =>
      formatMoney(value, language, currency),
    date: (value: string | number | Date | null | undefined) => formatDate(value, language, 'date'),
    time: (value: string | number | Date | null | undefined) => formatDate(value, language, 'time'),
    dateTime: (value: string | number | Date | null | undefined) => formatDate(value, language, 'dateTime'),
  };
}
