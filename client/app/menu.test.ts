// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { routeExists } from '@client/routes';
import { MENU, availableEntries } from './menu';

describe('menus', () => {
  it('show only entries whose screen exists', () => {
    const shown = availableEntries(MENU, routeExists).map((e) => `${e.place}:${e.to}`);
    expect(shown).toEqual(['main:/player', 'main:/report', 'main:/sitestats', 'main:/about', 'user:/profile/information', 'user:/report']);
  });

  it('follow the route table for the screens built so far', () => {
    const built = [
      '/', '/app', '/about', '/signin', '/signup', '/registerVerification', '/forgetPassword', '/forgetPasswordVerify', '/bindOrigin',
      '/profile', '/profile/information', '/profile/appearance', '/profile/changeName', '/profile/reports', '/profile/subscribes',
      '/player', '/player/1006000000', '/player/1006000000.1005000000.3', '/player/1006000000/share', '/cheaters/1005000000',
      '/report', '/search', '/search/henry', '/space/3', '/sitestats', '/empty',
    ];
    for (const path of built) expect(routeExists(path), path).toBe(true);
    for (const path of ['/admin/home', '/profile/unknown', '/nope']) expect(routeExists(path), path).toBe(false);
  });
});
