// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { routeExists } from '@client/routes';
import { MENU, availableEntries } from './menu';

describe('menus', () => {
  it('show only entries whose screen exists', () => {
    const shown = availableEntries(MENU, routeExists).map((e) => `${e.place}:${e.to}`);
    expect(shown).toEqual(['main:/about', 'user:/profile/information']);
  });

  it('follow the route table for the screens built so far', () => {
    for (const path of ['/', '/app', '/about', '/signin', '/signup', '/registerVerification', '/forgetPassword', '/forgetPasswordVerify', '/bindOrigin', '/profile', '/profile/information', '/profile/appearance', '/profile/changeName', '/empty']) {
      expect(routeExists(path), path).toBe(true);
    }
    for (const path of ['/player', '/report', '/sitestats', '/admin/home', '/profile/unknown', '/nope']) expect(routeExists(path), path).toBe(false);
  });
});
