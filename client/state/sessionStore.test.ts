// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import type { TokenUserInfo } from '@client/api/types';
import { LEGACY_COOKIE, SESSION_KEY, clearSession, loadSession, parseStoredSession, saveSession, sessionExpiry, watchOtherTabs } from './sessionStore';

const DAY = 24 * 3600 * 1000;
const userinfo: TokenUserInfo = {
  userId: 6,
  username: 'demo-user',
  userAvatar: 'https://www.gravatar.com/avatar/x',
  privilege: ['normal'],
  signWhen: Date.now(),
  visitType: 'websites',
  expiresIn: 7 * DAY,
};
const session = { token: 'header.payload.signature', userinfo };

afterEach(() => clearSession());

describe('the stored login', () => {
  it('lasts as long as the token, never more than 7 days', () => {
    expect(sessionExpiry(userinfo).getTime()).toBe(userinfo.signWhen + 7 * DAY);
    expect(sessionExpiry({ ...userinfo, expiresIn: DAY }).getTime()).toBe(userinfo.signWhen + DAY);
    expect(sessionExpiry({ ...userinfo, expiresIn: 365 * DAY }).getTime()).toBe(userinfo.signWhen + 7 * DAY);
    expect(parseStoredSession(JSON.stringify(session), userinfo.signWhen + 7 * DAY + 1)).toBeNull();
  });

  it('is ignored when absent, damaged, or without a token', () => {
    expect(parseStoredSession(null)).toBeNull();
    expect(parseStoredSession('{not-json')).toBeNull();
    expect(parseStoredSession(JSON.stringify({ token: '', userinfo }))).toBeNull();
  });

  it('is kept in local storage and never in a cookie', () => {
    saveSession(session);
    expect(loadSession()).toEqual(session);
    expect(document.cookie).not.toContain(session.token);
    expect(JSON.parse(localStorage.getItem(SESSION_KEY)!)).toEqual(session);
    clearSession();
    expect(loadSession()).toBeNull();
  });

  it('removes an unusable stored login', () => {
    localStorage.setItem(SESSION_KEY, JSON.stringify({ userinfo }));
    expect(loadSession()).toBeNull();
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
  });

  it('moves the login cookie of earlier versions into storage and deletes the cookie', () => {
    document.cookie = `${LEGACY_COOKIE}=${encodeURIComponent(JSON.stringify(session))}; Path=/`;
    expect(loadSession()).toEqual(session);
    expect(document.cookie).not.toContain(LEGACY_COOKIE);
    expect(loadSession()).toEqual(session);
  });

  it('tells when another tab signs in or out', () => {
    let changes = 0;
    const stop = watchOtherTabs(() => changes++);
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_KEY }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'something.else' }));
    stop();
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_KEY }));
    expect(changes).toBe(1);
  });
});
