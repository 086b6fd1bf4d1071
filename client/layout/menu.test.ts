// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { routeExists } from '@client/routes';
import { isScreenPath } from '@shared/screens';
import { MENU, availableEntries, entryLabel, entryVisible } from './menu';

describe('menus', () => {
  it('show only entries whose screen exists', () => {
    const expected = ['main:/player', 'main:/report', 'main:/sitestats', 'main:/about', 'user:/profile/information', 'user:/report', 'user:/player?status=0', 'user:/profile/webhooks', 'user:/admin', 'user:/workflow'];
    // The router's own matching, and the shared screen list the layout checks them with.
    for (const exists of [routeExists, isScreenPath]) expect(availableEntries(MENU, exists).map((e) => `${e.place}:${e.to}`)).toEqual(expected);
  });

  it('follow the route table for the screens built so far', () => {
    const built = [
      '/', '/app', '/about', '/accessibility', '/signin', '/signup', '/registerVerification', '/forgetPassword', '/forgetPasswordVerify', '/bindOrigin',
      '/profile', '/profile/information', '/profile/appearance', '/profile/changeName', '/profile/reports', '/profile/subscribes', '/profile/webhooks',
      '/player', '/player/1006000000', '/player/1006000000.1005000000.3', '/player/1006000000/share', '/player/1006000000/app', '/cheaters/1005000000',
      '/report', '/search', '/search/henry', '/space/3', '/sitestats', '/empty',
      '/admin', '/admin/home', '/admin/judgementLog', '/admin/appeals', '/admin/messages',
      '/workflow', '/workflow/adds', '/workflow/item/add',
    ];
    for (const path of built) expect(routeExists(path), path).toBe(true);
    for (const path of ['/profile/unknown', '/nope']) expect(routeExists(path), path).toBe(false);
    // Unknown admin pagenames open the admin home.
    expect(routeExists('/admin/unknown')).toBe(true);
  });

  it('show the open cases to staff and the webhooks to bot, dev and root accounts only', () => {
    const shown = (privileges: string[]) => MENU.filter((e) => e.place === 'user' && entryVisible(e, privileges)).map((e) => e.key);
    expect(shown(['normal'])).toEqual(['profile', 'report']);
    expect(shown(['admin'])).toEqual(['profile', 'report', 'openCases', 'admin', 'workflow']);
    expect(shown(['bot'])).toEqual(['profile', 'report', 'webhooks']);
    expect(shown(['root'])).toEqual(['profile', 'report', 'openCases', 'webhooks', 'admin', 'workflow']);
    expect(shown(['dev', 'normal'])).toEqual(['profile', 'report', 'openCases', 'webhooks', 'admin', 'workflow']);
  });

  it('label entries from nav.* unless they name their own key', () => {
    expect(MENU.map(entryLabel)).toContain('nav.players');
    expect(MENU.map(entryLabel)).toContain('openCases.menu');
  });
});
