import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { SESSION_END_CODES } from '@shared/errors';
import { formatQuotaBytes } from '@client/i18n/quotaFormat';
import { ApiError } from './ApiError';

type Translator = Pick<I18n, 't' | 'exists'> & { language?: string };

/** A refused upload's quota: which limit, and what is left of it (bytes, or files). */
function quotaText(i18n: Translator, detail: unknown): string | null {
  const d = detail as { limit?: string; left?: number } | null;
  if (!d || typeof d !== 'object' || !['storage', 'dailyTraffic', 'dailyFiles'].includes(d.limit ?? '')) return null;
  const left = d.limit === 'dailyFiles' ? String(d.left ?? 0) : formatQuotaBytes(d.left ?? 0, i18n.language ?? 'en-US');
  return i18n.t(`codes.upload.quota.${d.limit}`, { left });
}

/** The end of a mute in a refusal's message (`muted until <ISO>`, shared/policy.ts `notMuted`), as epoch ms. */
export function mutedUntilOf(error: unknown): number | null {
  if (!(error instanceof ApiError) || typeof error.detail !== 'string') return null;
  const m = /^muted until (\d{4}-\d{2}-\d{2}T[\d:.]+Z)$/.exec(error.detail);
  const at = m ? Date.parse(m[1]!) : NaN;
  return Number.isFinite(at) ? at : null;
}

/** A mute's end in the reader's language and time zone. */
export const formatMuteEnd = (at: number, language?: string) =>
  new Intl.DateTimeFormat(language || 'en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at));

function serverText(error: ApiError) {
  if (typeof error.detail === 'string') return error.detail;
  return error.issues.map((i) => `${i.param}: ${i.msg}`).join('; ');
}

/**
 * The server answers a call without a token as if a session had ended (`user.tokenExpired`, as the
 * original does): for a visitor who never signed in, that means the action needs an account.
 */
export const needsSignIn = (error: unknown): boolean =>
  error instanceof ApiError && error.withoutToken && (SESSION_END_CODES as readonly string[]).includes(error.code);

/**
 * A readable message for a failed call: the translation of its code (`codes.<code>`), or a
 * generic text that carries the code and the server's own message.
 */
export function describeError(i18n: Translator, error: unknown): string {
  if (!(error instanceof ApiError)) return i18n.t('codes.unexpected');
  if (needsSignIn(error)) return i18n.t('signin.required');
  if (error.code === 'upload.exceedQuota') {
    const text = quotaText(i18n, error.detail);
    if (text) return text;
  }
  const mutedUntil = mutedUntilOf(error);
  if (mutedUntil !== null) return i18n.t('codes.muted', { until: formatMuteEnd(mutedUntil, i18n.language) });
  const message = serverText(error);
  const key = `codes.${error.code}`;
  if (i18n.exists(key)) return i18n.t(key, { message });
  return i18n.t('codes.generic', { code: error.code, message: message || error.code });
}

/** The per-field messages of a validation failure, keyed by field name (`data.username` -> `username`). */
export function issuesByField(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.param.split('.').at(-1) ?? issue.param;
    fields[field] ??= issue.msg;
  }
  return fields;
}

export function useDescribeError() {
  const { i18n } = useTranslation();
  return (error: unknown) => describeError(i18n, error);
}
