import { ApiError } from '@client/api/ApiError';
import { issuesByField } from '@client/api/describeError';
import type { FieldErrors } from './validate';

export interface ErrorPlacement<F extends string> {
  fields: FieldErrors<F>;
  captcha?: string;
  /** Shown above the form when the failure is about no single field. */
  form?: string;
}

/**
 * Where a failed submission's message belongs: at the captcha, beside the fields a validation
 * failure names, beside the one field a code is about, or else above the form.
 */
export function placeError<F extends string>(
  error: unknown,
  message: string,
  fields: readonly F[],
  fieldOfCode: Partial<Record<string, F>> = {},
): ErrorPlacement<F> {
  const code = error instanceof ApiError ? error.code : '';
  if (code.startsWith('captcha.')) return { fields: {}, captcha: message };

  const issues = Object.entries(issuesByField(error)).filter((entry): entry is [F, string] => fields.includes(entry[0] as F));
  if (issues.length) return { fields: Object.fromEntries(issues) as FieldErrors<F> };

  const field = fieldOfCode[code];
  if (field) return { fields: { [field]: message } as FieldErrors<F> };
  return { fields: {}, form: message };
}
