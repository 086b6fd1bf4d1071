import { proxy, subscribe, useSnapshot } from 'valtio';
import { switchLanguage } from '@client/i18n/setup';
import { saveLanguageCookie } from './languageCookie';
import { LANGUAGE_CODES, TEXT_SIZES, THEMES, type LanguageCode, type TextSize, type Theme } from '@shared/languages';

/** Per-browser display settings; index.html applies theme and text size before the first paint. */
export interface Preferences {
  theme: Theme;
  textSize: TextSize;
  /** The language the visitor picked; null follows the browser. */
  language: LanguageCode | null;
  /** Desktop notifications for staff when the number of open cases changes while the tab is hidden. */
  desktopNotification: boolean;
}

const STORAGE_KEY = 'tribunal:preferences';

const oneOf = <T extends string>(list: readonly T[], value: unknown, fallback: T): T =>
  list.includes(value as T) ? (value as T) : fallback;

export function parsePreferences(raw: string | null): Preferences {
  let saved: Record<string, unknown> = {};
  try {
    saved = JSON.parse(raw ?? '{}') ?? {};
  } catch {
    // A damaged entry falls back to the defaults.
  }
  return {
    theme: oneOf(THEMES, saved.theme, 'lightness'),
    textSize: oneOf(TEXT_SIZES, saved.textSize, 'default'),
    language: LANGUAGE_CODES.includes(saved.language as LanguageCode) ? (saved.language as LanguageCode) : null,
    desktopNotification: saved.desktopNotification === true,
  };
}

function readStorage() {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export const preferences = proxy<Preferences>(parsePreferences(readStorage()));

function apply() {
  document.documentElement.dataset.theme = preferences.theme;
  document.documentElement.dataset.textSize = preferences.textSize;
}

let cookieLanguage: LanguageCode | null | undefined;
/** The server learns the picked language from a cookie: written at start (a choice saved before it existed) and when it changes. */
function tellServer() {
  if (preferences.language === cookieLanguage) return;
  cookieLanguage = preferences.language;
  saveLanguageCookie(cookieLanguage);
}

/** Applies the preferences to the page now and after every change, and saves them. */
export function watchPreferences() {
  apply();
  tellServer();
  return subscribe(preferences, () => {
    apply();
    tellServer();
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(preferences));
    } catch {
      // Private mode: the choice lasts for this page only.
    }
  });
}

export const usePreferences = () => useSnapshot(preferences);

/** Switches the interface language and remembers the choice in this browser. */
export function chooseLanguage(code: LanguageCode) {
  preferences.language = code;
  return switchLanguage(code);
}
