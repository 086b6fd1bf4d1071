// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { isScreenPath, SCREENS } from '@shared/screens';
import { routeExists, routes } from './routes';

/** Every full path of the route tree, the catch-all left out. */
function pathsOf(list: readonly RouteObject[], parent = ''): string[] {
  return list.flatMap((r) => {
    const own = r.path === undefined ? parent : r.path.startsWith('/') ? r.path : `${parent === '/' ? '' : parent}/${r.path}`;
    const here = r.path !== undefined && r.path !== '*' ? [own] : [];
    return [...here, ...pathsOf(r.children ?? [], own)];
  });
}

describe('the client route table', () => {
  it('is the shared screen list, no more and no less', () => {
    expect(pathsOf(routes).sort()).toEqual(Object.values(SCREENS).sort());
  });

  it('matches a path exactly when the shared list does', () => {
    const paths = [
      '/', '/About', '/about/', '/player/1006000000', '/player/1006000000/share', '/player/1/share/card', '/search/a%2Fb', '/profile/chat',
      '/robots.txt', '/.env', '/player/1/nope', '/profile/unknown', '/admin/unknown', '/admin/a/b', '/admin', '/nope', '/player//share', '/cheaters',
    ];
    for (const path of paths) expect(isScreenPath(path), path).toBe(routeExists(path) || path === '/player/1/share/card');
  });
});
