import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { originNameField, passwordField, usernameField } from '@shared/schemas/account';
import { emailField } from '@shared/schemas/common';
import { validateNewPassword } from './newPassword';
import { blankFields, hasErrors, validateFields } from './validate';

/** Shows which message key and values were chosen. */
const t = ((key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key)) as unknown as TFunction;

describe('validateFields with the shared schemas', () => {
  it('passes values the server accepts', () => {
    const errors = validateFields(t, {
      username: [usernameField, 'demo-user_2'],
      password: [passwordField, 'secret1'],
      email: [emailField, 'Someone@Players.example'],
      origin: [originNameField, 'HeadshotHenry'],
    });
    expect(errors).toEqual({});
    expect(hasErrors(errors)).toBe(false);
  });

  it('says which rule a value breaks, with the server’s limits', () => {
    const errors = validateFields(t, {
      short: [usernameField, 'abc'],
      long: [usernameField, 'a'.repeat(41)],
      chars: [usernameField, 'bad name!'],
      email: [emailField, 'not-an-email'],
      password: [passwordField, '12345'],
    });
    expect(errors).toEqual({
      short: 'validation.tooShort {"count":4}',
      long: 'validation.tooLong {"count":40}',
      chars: 'validation.nameCharacters',
      email: 'validation.email',
      password: 'validation.tooShort {"count":6}',
    });
    expect(hasErrors(errors)).toBe(true);
  });

  it('asks to fill in empty fields rather than naming a rule', () => {
    expect(validateFields(t, { email: [emailField, '  '], name: [usernameField, ''] })).toEqual({
      email: 'validation.required',
      name: 'validation.required',
    });
  });
});

describe('validateNewPassword', () => {
  it('wants the repeat to match', () => {
    expect(validateNewPassword(t, 'secret-1', 'secret-2')).toEqual({ repeat: 'validation.passwordsDiffer' });
    expect(validateNewPassword(t, 'secret-1', 'secret-1')).toEqual({});
  });

  it('checks the password itself first', () => {
    expect(validateNewPassword(t, 'abc', '')).toEqual({ password: 'validation.tooShort {"count":6}', repeat: 'validation.required' });
  });
});

describe('blankFields', () => {
  it('names each value left blank or made of spaces, and only those', () => {
    expect(blankFields(t, { username: '  ', password: 'secret', code: '' })).toEqual({ username: 'validation.required', code: 'validation.required' });
    expect(hasErrors(blankFields(t, { username: 'demo', password: ' x ' }))).toBe(false);
  });
});
