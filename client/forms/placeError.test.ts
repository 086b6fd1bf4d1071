import { describe, expect, it } from 'vitest';
import { ApiError } from '@client/api/ApiError';
import { placeError } from './placeError';

const fields = ['username', 'originEmail', 'originName'] as const;
const byCode = { 'signup.usernameExist': 'username', 'signup.originNotFound': 'originEmail' } as const;

describe('placeError', () => {
  it('puts captcha failures at the captcha', () => {
    expect(placeError(new ApiError('captcha.wrong', undefined, 403), 'wrong code', fields, byCode)).toEqual({ fields: {}, captcha: 'wrong code' });
  });

  it('puts validation issues beside the fields they name', () => {
    const error = new ApiError('signup.bad', [{ param: 'data.originName', msg: 'letters, digits, _ and - only' }], 400);
    expect(placeError(error, 'bad', fields, byCode)).toEqual({ fields: { originName: 'letters, digits, _ and - only' } });
  });

  it('puts a code about one field beside that field', () => {
    expect(placeError(new ApiError('signup.usernameExist', undefined, 409), 'taken', fields, byCode)).toEqual({ fields: { username: 'taken' } });
  });

  it('puts everything else above the form', () => {
    expect(placeError(new ApiError('mail.error', undefined, 503), 'no mail', fields, byCode)).toEqual({ fields: {}, form: 'no mail' });
    const unknownField = new ApiError('signup.bad', [{ param: 'data.language', msg: 'x' }], 400);
    expect(placeError(unknownField, 'bad', fields, byCode)).toEqual({ fields: {}, form: 'bad' });
  });
});
