import { useTranslation } from 'react-i18next';
import { intlLocale } from './language';

type DateInput = string | number | Date;

const RELATIVE_UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/**
 * One formatter per language and options: making one costs far more than using it (a list of a
 * hundred dates would otherwise make a hundred).
 */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.RelativeTimeFormat | Intl.NumberFormat>();
function formatter<F extends Intl.DateTimeFormat | Intl.RelativeTimeFormat | Intl.NumberFormat>(
  make: new (locale: string, options: object) => F,
  language: string,
  options: object,
): F {
  const key = `${make.name}|${language}|${JSON.stringify(options)}`;
  let found = formatters.get(key) as F | undefined;
  if (!found) formatters.set(key, (found = new make(intlLocale(language), options)));
  return found;
}
const dateFormat = (language: string, options: Intl.DateTimeFormatOptions) => formatter(Intl.DateTimeFormat, language, options);

export function formatDate(value: DateInput, language: string) {
  return dateFormat(language, { dateStyle: 'medium' }).format(new Date(value));
}

/** "November 2018": the month of a moment, read in UTC (for fixed historical dates). */
export function formatMonthYear(value: DateInput, language: string) {
  return dateFormat(language, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(value));
}

/** A calendar date (`2026-01-15`) in the reader's format: the same day in every time zone. */
export function formatCalendarDate(value: string, language: string) {
  return dateFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${value}T00:00:00Z`));
}

export function formatDateTime(value: DateInput, language: string) {
  return dateFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value));
}

/** "3 days ago", "in 2 hours": the largest unit that fits. */
export function formatRelative(value: DateInput, language: string, now = Date.now()) {
  const seconds = Math.round((new Date(value).getTime() - now) / 1000);
  const [unit, size] = RELATIVE_UNITS.find(([, s]) => Math.abs(seconds) >= s) ?? ['second', 1];
  return formatter(Intl.RelativeTimeFormat, language, { numeric: 'auto' }).format(Math.round(seconds / size), unit);
}

export function formatNumber(value: number, language: string) {
  return formatter(Intl.NumberFormat, language, {}).format(value);
}

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/** "181 byte", "2.4 kB", "16 MB": a file size in the largest unit that keeps it at 1 or more (1024 per step), in the language's own words. */
export function formatBytes(bytes: number, language: string) {
  let value = Math.max(0, bytes);
  let step = 0;
  while (value >= 1024 && step < BYTE_UNITS.length - 1) {
    value /= 1024;
    step += 1;
  }
  return formatter(Intl.NumberFormat, language, { style: 'unit', unit: BYTE_UNITS[step], unitDisplay: step === 0 ? 'long' : 'short', maximumFractionDigits: step === 0 || value >= 10 ? 0 : 1 }).format(value);
}

/** A share (0 to 1) as a percentage in the language's way. */
export const formatPercent = (value: number, language: string) => formatter(Intl.NumberFormat, language, { style: 'percent', maximumFractionDigits: 0 }).format(value);

/** Names joined as the language joins alternatives ("super, root or dev"). */
export const formatAlternatives = (names: readonly string[], language: string) => new Intl.ListFormat(intlLocale(language), { type: 'disjunction' }).format(names);

/** The formatters bound to the current interface language. */
export function useFormat() {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  return {
    date: (v: DateInput) => formatDate(v, lang),
    calendarDate: (v: string) => formatCalendarDate(v, lang),
    dateTime: (v: DateInput) => formatDateTime(v, lang),
    monthYear: (v: DateInput) => formatMonthYear(v, lang),
    relative: (v: DateInput) => formatRelative(v, lang),
    number: (v: number) => formatNumber(v, lang),
    bytes: (v: number) => formatBytes(v, lang),
    percent: (v: number) => formatPercent(v, lang),
    alternatives: (v: readonly string[]) => formatAlternatives(v, lang),
  };
}
