import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '@locales/en-US.json';
import { ApiError } from './ApiError';
import { describeError, issuesByField } from './describeError';
import { signInLinkFor } from '@client/components/useShowError';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({ lng: 'en-US', resources: { 'en-US': { translation: en } }, interpolation: { escapeValue: false } });
});

describe('describeError', () => {
  it('translates a known code', () => {
    expect(describeError(i18n, new ApiError('signin.noSuchUser', 'no such user', 401))).toBe('The username or the password is wrong.');
  });

  it('puts the server message into codes that show it', () => {
    const error = new ApiError('changeName.bad', [{ param: 'data.newname', msg: 'Too small' }], 400);
    expect(describeError(i18n, error)).toBe('This name is not valid: data.newname: Too small');
  });

  it('tells a muted writer until when, in their language, whatever the area refused', () => {
    for (const code of ['reply.bad', 'report.bad', 'message.muted']) {
      const text = describeError(i18n, new ApiError(code, 'muted until 2026-11-26T17:45:00.000Z', 403));
      expect(text).toMatch(/^You are muted until .*2026.*: you cannot write until then\.$/);
    }
    // Other refusals of the same code are not taken for a mute.
    expect(describeError(i18n, new ApiError('reply.bad', 'muted until tomorrow', 403))).not.toMatch(/^You are muted/);
  });

  it('falls back to a generic text carrying the code and the server message', () => {
    const text = describeError(i18n, new ApiError('report.somethingNew', 'the server says why', 400));
    expect(text).toBe('Something went wrong (report.somethingNew): the server says why');
  });

  it('asks a visitor to sign in when a call without a token needs one; a session that ended is told so', () => {
    for (const code of ['user.tokenExpired', 'user.invalid']) {
      expect(describeError(i18n, new ApiError(code, 'no token', 401, true))).toBe('Sign in to do this: it needs an account.');
    }
    expect(describeError(i18n, new ApiError('user.tokenExpired', 'expired', 401, false))).toBe('Your session has ended. Please sign in again.');
    expect(describeError(i18n, new ApiError('user.permissionDenied', 'no', 403, true))).toBe('You are not allowed to do this.');
  });

  it('links a visitor to sign-in and back to the page they were on', () => {
    const visitor = new ApiError('user.tokenExpired', 'no token', 401, true);
    expect(signInLinkFor(visitor, '/player/1006?order=desc#floor-3', 'Sign in')).toEqual({ label: 'Sign in', to: `/signin?backurl=${encodeURIComponent('/player/1006?order=desc#floor-3')}` });
    expect(signInLinkFor(new ApiError('user.tokenExpired', 'expired', 401, false), '/player/1006', 'Sign in')).toBeUndefined();
  });

  it('says which media quota refused an upload and what is left of it', () => {
    const left = 3.5 * 1024 * 1024;
    expect(describeError(i18n, new ApiError('upload.exceedQuota', { limit: 'storage', left, resetAt: '2026-01-02T00:00:00.000Z' }, 403))).toBe(
      'Your storage is full: 3.5 MB left. Delete files from your media library to make room.',
    );
    expect(describeError(i18n, new ApiError('upload.exceedQuota', { limit: 'dailyFiles', left: 0 }, 403))).toMatch(/maximum number of files \(0 left\)/);
    expect(describeError(i18n, new ApiError('upload.exceedQuota', 'no detail', 403))).toMatch(/^Your media quota is used up/);
  });

  it('explains a network failure and anything that is not an API error', () => {
    expect(describeError(i18n, new ApiError('network.error', 'Failed to fetch', 0))).toMatch(/Could not reach Tribunal/);
    expect(describeError(i18n, new TypeError('boom'))).toBe('Something unexpected went wrong. Please try again.');
  });
});

describe('issuesByField', () => {
  it('keys validation issues by the last part of their param, first message winning', () => {
    const error = new ApiError(
      'signup.bad',
      [
        { param: 'data.username', msg: 'Too small' },
        { param: 'data.username', msg: 'Bad characters' },
        { param: 'data.originEmail', msg: 'Invalid email' },
      ],
      400,
    );
    expect(issuesByField(error)).toEqual({ username: 'Too small', originEmail: 'Invalid email' });
  });

  it('is empty for failures that are not validation failures', () => {
    expect(issuesByField(new ApiError('signin.noSuchUser', 'x', 401))).toEqual({});
    expect(issuesByField(new Error('x'))).toEqual({});
  });
});
