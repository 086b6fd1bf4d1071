import type { TFunction } from 'i18next';
import type { ZodType } from 'zod';

export type FieldErrors<K extends PropertyKey> = Partial<Record<K, string>>;

type Issue = NonNullable<ReturnType<ZodType['safeParse']>['error']>['issues'][number];

/** The translated message for the first rule a value breaks. */
function issueMessage(t: TFunction, issue: Issue, value: unknown): string {
  if (typeof value === 'string' && value.trim() === '') return t('validation.required');
  switch (issue.code) {
    case 'too_small':
      return t('validation.tooShort', { count: Number(issue.minimum) });
    case 'too_big':
      return t('validation.tooLong', { count: Number(issue.maximum) });
    case 'invalid_format':
      return issue.format === 'email' ? t('validation.email') : t('validation.nameCharacters');
    default:
      return t('validation.invalid');
  }
}

/**
 * Checks each value with the shared zod schema the server uses for it, so both sides apply the
 * same rules; answers a translated message per failing field (empty when all pass).
 */
export function validateFields<K extends string>(t: TFunction, checks: Record<K, [ZodType, unknown]>): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const field of Object.keys(checks) as K[]) {
    const [schema, value] = checks[field];
    const result = schema.safeParse(value);
    if (!result.success) errors[field] = issueMessage(t, result.error.issues[0]!, value);
  }
  return errors;
}

/**
 * A "required" message for each value left blank. Sign-in checks nothing more before the server
 * answers, so its screen needs neither zod nor the schemas to draw (its first paint is a phone's first visit).
 */
export function blankFields<K extends string>(t: TFunction, values: Record<K, string>): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const field of Object.keys(values) as K[]) if (values[field].trim() === '') errors[field] = t('validation.required');
  return errors;
}

export const hasErrors = (errors: FieldErrors<PropertyKey>) => Object.values(errors).some(Boolean);
