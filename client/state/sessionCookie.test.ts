// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import type { TokenUserInfo } from '@client/api/types';
import { EXPIRED_SESSION_COOKIE, clearSession, loadSession, parseSessionCookie, saveSession, serializeSessionCookie, sessionExpiry } from './sessionCookie';

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

describe('the login cookie', () => {
  it('round-trips the token and user info, with the attributes the spec asks for', () => {
    const cookie = serializeSessionCookie(session, false);
    expect(cookie).toMatch(/^tribunal_session=/);
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    expect(cookie).not.toContain('Secure');
    expect(serializeSessionCookie(session, true)).toContain('; Secure');
    const value = cookie.split(';')[0]!;
    expect(parseSessionCookie(`other=1; ${value}; more=2`)).toEqual(session);
  });

  it('lasts as long as the token, never more than 7 days', () => {
    expect(sessionExpiry(userinfo).getTime()).toBe(userinfo.signWhen + 7 * DAY);
    expect(sessionExpiry({ ...userinfo, expiresIn: DAY }).getTime()).toBe(userinfo.signWhen + DAY);
    expect(sessionExpiry({ ...userinfo, expiresIn: 365 * DAY }).getTime()).toBe(userinfo.signWhen + 7 * DAY);
  });

  it('is ignored when absent, damaged, or without a token', () => {
    expect(parseSessionCookie('')).toBeNull();
    expect(parseSessionCookie('tribunal_session=%7Bnot-json')).toBeNull();
    const noToken = encodeURIComponent(JSON.stringify({ token: '', userinfo }));
    expect(parseSessionCookie(`tribunal_session=${noToken}`)).toBeNull();
  });

  it('is written to and read from document.cookie', () => {
    saveSession(session);
    expect(loadSession()).toEqual(session);
    clearSession();
    expect(loadSession()).toBeNull();
    expect(document.cookie).not.toContain('tribunal_session');
  });

  it('is removed when it lacks a token', () => {
    document.cookie = `tribunal_session=${encodeURIComponent(JSON.stringify({ userinfo }))}; Path=/`;
    expect(document.cookie).toContain('tribunal_session');
    expect(loadSession()).toBeNull();
    expect(document.cookie).not.toContain('tribunal_session');
  });

  it('has an expired form that deletes it', () => {
    expect(EXPIRED_SESSION_COOKIE).toContain('Expires=Thu, 01 Jan 1970');
  });
});
