import type { TFunction } from 'i18next';
import { z } from 'zod';
import { passwordField } from '@shared/schemas/account';
import { validateFields, type FieldErrors } from './validate';

/** A new password by the server's rules, and its repeat matching it. */
export function validateNewPassword(t: TFunction, password: string, repeat: string): FieldErrors<'password' | 'repeat'> {
  const errors = validateFields<'password' | 'repeat'>(t, { password: [passwordField, password], repeat: [z.string().min(1), repeat] });
  if (!errors.repeat && repeat !== password) errors.repeat = t('validation.passwordsDiffer');
  return errors;
}
