import type { InitOptions } from 'i18next';
import { FALLBACK_LANGUAGE } from '@shared/languages';

/** How the interface's strings are set up, in the browser (./setup.ts) and for the server's first paint (client/firstPaint/render.tsx). */
export const I18N_OPTIONS = {
  fallbackLng: FALLBACK_LANGUAGE,
  interpolation: { escapeValue: false },
  returnEmptyString: false,
} satisfies InitOptions;

type Bundle = Record<string, unknown>;

/** A language file's strings for the interface (the mails' are the server's alone). */
export function interfaceStrings({ mail: _serverOnly, ...strings }: Bundle): Bundle {
  return strings;
}
