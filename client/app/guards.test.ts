import { describe, expect, it } from 'vitest';
import { guardRedirect, safeBackUrl, signinPath } from './guards';

const signedOut = { signedIn: false, privileges: [] };
const member = { signedIn: true, privileges: ['normal'] };
const where = { pathname: '/profile/information', search: '?tab=security', hash: '#password' };

describe('guardRedirect', () => {
  it('lets anyone open public pages', () => {
    expect(guardRedirect('public', signedOut, where)).toBeNull();
  });

  it('sends signed-out visitors to sign-in with the full path to come back to', () => {
    const target = guardRedirect('user', signedOut, where)!;
    const url = new URL(target, 'http://x');
    expect(url.pathname).toBe('/signin');
    expect(url.searchParams.get('backurl')).toBe('/profile/information?tab=security#password');
    expect(url.searchParams.has('reason')).toBe(false);
  });

  it('carries the reason the server ended the session', () => {
    const target = guardRedirect('user', { ...signedOut, endReason: 'user.tokenExpired' }, where)!;
    expect(new URL(target, 'http://x').searchParams.get('reason')).toBe('user.tokenExpired');
  });

  it('sends someone who just signed out home rather than to sign-in', () => {
    expect(guardRedirect('user', { ...signedOut, endReason: 'signout' }, where)).toBe('/');
  });

  it('shows login-required pages to any signed-in user', () => {
    expect(guardRedirect('user', member, where)).toBeNull();
  });

  it('sends non-admins away from admin pages to their profile', () => {
    expect(guardRedirect('admin', member, where)).toBe('/profile/information');
    expect(guardRedirect('admin', { signedIn: true, privileges: ['normal', 'volunteer'] }, where)).toBe('/profile/information');
    expect(guardRedirect('admin', { signedIn: true, privileges: ['bot'] }, where)).toBe('/profile/information');
  });

  it('lets admin, super, root and dev into admin pages', () => {
    for (const p of ['admin', 'super', 'root', 'dev']) expect(guardRedirect('admin', { signedIn: true, privileges: [p] }, where)).toBeNull();
  });

  it('asks a signed-out visitor of an admin page to sign in first', () => {
    expect(guardRedirect('admin', signedOut, where)).toMatch(/^\/signin\?backurl=/);
  });
});

describe('signinPath', () => {
  it('is plain /signin when there is nothing to come back to', () => {
    expect(signinPath({})).toBe('/signin');
    expect(signinPath({ backurl: '/' })).toBe('/signin');
  });
});

describe('safeBackUrl', () => {
  it('keeps paths on this site', () => {
    expect(safeBackUrl('/profile/information?tab=security')).toBe('/profile/information?tab=security');
  });

  it('refuses other hosts, schemes and sign-in loops', () => {
    for (const bad of ['//evil.example/x', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', '/signin?backurl=/x', '', null]) {
      expect(safeBackUrl(bad)).toBe('/');
    }
  });
});
