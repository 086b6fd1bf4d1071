import { describe, expect, it } from 'vitest';
import { rules } from '@shared/policy';
import { guardRedirect, safeBackUrl, signinPath } from './guards';
import { STAFF_SCREENS } from './staffScreens';

const signedOut = { signedIn: false, privileges: [] };
const member = { signedIn: true, privileges: ['normal'] };
const where = { pathname: '/profile/information', search: '?tab=security', hash: '#password' };

describe('guardRedirect', () => {
  it('lets anyone open public pages', () => {
    expect(guardRedirect('public', signedOut, where)).toBeNull();
  });

  it('sends signed-out visitors to sign-in with the full path to come back to', () => {
    const target = guardRedirect('user', signedOut, where)!;
    const url = new URL(target.to, 'http://x');
    expect(url.pathname).toBe('/signin');
    expect(url.searchParams.get('backurl')).toBe('/profile/information?tab=security#password');
    expect(url.searchParams.has('reason')).toBe(false);
  });

  it('carries the reason the server ended the session', () => {
    const target = guardRedirect('user', { ...signedOut, endReason: 'user.tokenExpired' }, where)!;
    expect(new URL(target.to, 'http://x').searchParams.get('reason')).toBe('user.tokenExpired');
  });

  it('sends someone who just signed out home rather than to sign-in', () => {
    expect(guardRedirect('user', { ...signedOut, endReason: 'signout' }, where)).toEqual({ to: '/' });
  });

  it('shows login-required pages to any signed-in user', () => {
    expect(guardRedirect('user', member, where)).toBeNull();
  });

  it('sends non-admins away from staff pages to their profile', () => {
    for (const privileges of [['normal'], ['normal', 'volunteer'], ['bot']]) {
      expect(guardRedirect(rules.staff, { signedIn: true, privileges }, where)).toEqual({ to: '/profile/information' });
      expect(guardRedirect(rules.rootOrDev, { signedIn: true, privileges }, where)).toEqual({ to: '/profile/information' });
    }
  });

  it('lets admin, super, root and dev into the pages for every admin', () => {
    for (const p of ['admin', 'super', 'root', 'dev']) expect(guardRedirect(rules.staff, { signedIn: true, privileges: [p] }, where)).toBeNull();
  });

  it("sends staff without a page's role to the staff home, naming the roles the page is for", () => {
    expect(guardRedirect(STAFF_SCREENS.adminVerifications, { signedIn: true, privileges: ['super'] }, where)).toEqual({ to: '/admin', needs: ['root', 'dev'] });
    expect(guardRedirect(STAFF_SCREENS.adminMedia, { signedIn: true, privileges: ['super'] }, where)).toEqual({ to: '/admin', needs: ['root', 'dev'] });
    expect(guardRedirect(STAFF_SCREENS.adminChatLog, { signedIn: true, privileges: ['admin'] }, where)).toEqual({ to: '/admin', needs: ['root', 'super', 'dev'] });
    expect(guardRedirect(STAFF_SCREENS.adminHomeManagement, { signedIn: true, privileges: ['dev'] }, where)).toEqual({ to: '/admin', needs: ['super', 'root'] });
    for (const page of ['adminUsers', 'adminComments', 'adminLogs'] as const) expect(guardRedirect(STAFF_SCREENS[page], { signedIn: true, privileges: ['admin'] }, where), page).toBeNull();
  });

  it('asks a signed-out visitor of a staff page to sign in first, coming back to the whole path', () => {
    const target = guardRedirect(rules.staff, signedOut, { pathname: '/admin/user', search: '?id=7' })!;
    expect(new URL(target.to, 'http://x').searchParams.get('backurl')).toBe('/admin/user?id=7');
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
