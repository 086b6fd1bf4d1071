import type { TFunction } from 'i18next';
import { usernameField } from '@shared/schemas/account';
import { validateNewPassword } from '@client/forms/newPassword';
import { validateFields, type FieldErrors } from '@client/forms/validate';

export type AccountField = 'username' | 'password' | 'repeat';

/** Sign-up step 1: username and password by the server's rules, and the terms agreed to. */
export function validateAccount(t: TFunction, values: Record<AccountField, string>, agreed: boolean) {
  const errors: FieldErrors<AccountField | 'agree'> = {
    ...validateFields<'username'>(t, { username: [usernameField, values.username] }),
    ...validateNewPassword(t, values.password, values.repeat),
  };
  if (!agreed) errors.agree = t('signup.agreeRequired');
  return errors;
}
