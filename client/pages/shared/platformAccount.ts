import type { TFunction } from 'i18next';
import { emailField } from '@shared/schemas/common';
import { originNameField } from '@shared/schemas/account';
import { validateFields } from '@client/forms/validate';

export type PlatformField = 'originEmail' | 'originName';

/** The platform account's e-mail and name, checked with the server's own rules. */
export const validatePlatformAccount = (t: TFunction, values: Record<PlatformField, string>) =>
  validateFields<PlatformField>(t, { originEmail: [emailField, values.originEmail], originName: [originNameField, values.originName] });
