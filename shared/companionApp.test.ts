import { describe, expect, it } from 'vitest';
import { absoluteUrl, appLink, COMPANION_APP, openAppPath, openAppUrl, searchTarget, wantsApp, webFallbackPath } from './companionApp';
import { isScreenPath, matchesScreen, SCREENS } from './screens';

const q = (query: string) => new URLSearchParams(query);

describe('the companion app link builder', () => {
  it('builds the app scheme links for home, a case and a search', () => {
    expect(COMPANION_APP.scheme).toBe('tribunal');
    expect(appLink({ screen: 'home' })).toBe('tribunal://home');
    expect(appLink({ screen: 'case', ouid: '1006000123' })).toBe('tribunal://player/1006000123');
    expect(appLink({ screen: 'case', ouid: '1006000123.2000.7' })).toBe('tribunal://player/1006000123.2000.7');
    expect(appLink({ screen: 'search', text: 'Sneaky Pete', type: 'user' })).toBe('tribunal://search?text=Sneaky+Pete&type=user');
  });

  it('takes another scheme when given one', () => {
    expect(appLink({ screen: 'home' }, 'bfapp')).toBe('bfapp://home');
  });

  it('escapes what could break out of the path', () => {
    expect(appLink({ screen: 'case', ouid: '../x?y#z' })).toBe('tribunal://player/..%2Fx%3Fy%23z');
    expect(openAppPath({ screen: 'case', ouid: 'a/b' })).toBe('/player/a%2Fb/app');
    const link = new URL(appLink({ screen: 'search', text: 'a&type=comment#x', type: 'player' }));
    expect(link.searchParams.get('text')).toBe('a&type=comment#x');
    expect(link.searchParams.get('type')).toBe('player');
  });

  it('builds the web addresses that open the app, each a screen of the site', () => {
    expect(openAppPath({ screen: 'home' })).toBe('/app?openApp=1');
    expect(openAppPath({ screen: 'case', ouid: '1006000123' })).toBe('/player/1006000123/app');
    expect(openAppPath({ screen: 'search', text: 'pete', type: 'comment' })).toBe('/search?openApp=1&q=pete&type=comment');
    expect(matchesScreen(SCREENS.cheaterApp, '/player/1006000123/app')).toBe(true);
    for (const target of [{ screen: 'home' }, { screen: 'case', ouid: '1' }, { screen: 'search', text: 'x y', type: 'player' }] as const) {
      const url = new URL(openAppPath(target), 'https://t.example');
      expect(isScreenPath(url.pathname), url.pathname).toBe(true);
      expect(isScreenPath(new URL(webFallbackPath(target), 'https://t.example').pathname)).toBe(true);
    }
  });

  it('builds the web fallback: the same thing on the site, without opening the app', () => {
    expect(webFallbackPath({ screen: 'home' })).toBe('/');
    expect(webFallbackPath({ screen: 'case', ouid: '1006000123' })).toBe('/player/1006000123');
    expect(webFallbackPath({ screen: 'search', text: 'pete', type: 'player' })).toBe('/search/pete');
    expect(webFallbackPath({ screen: 'search', text: 'a/b', type: 'user' })).toBe('/search/a%2Fb?type=user');
    expect(webFallbackPath({ screen: 'search', text: '', type: 'player' })).toBe('/search');
  });

  it('makes full addresses on the site', () => {
    expect(openAppUrl('https://tribunal.example', { screen: 'case', ouid: '42' })).toBe('https://tribunal.example/player/42/app');
    expect(absoluteUrl('http://127.0.0.1:8080', '/search/x?type=user')).toBe('http://127.0.0.1:8080/search/x?type=user');
  });

  it('reads whether a query asks to open the app', () => {
    expect(wantsApp(q('openApp=1'))).toBe(true);
    expect(wantsApp(q('openApp=true'))).toBe(true);
    expect(wantsApp(q('openApp'))).toBe(true);
    expect(wantsApp(q('openApp=0'))).toBe(false);
    expect(wantsApp(q('openApp=FALSE'))).toBe(false);
    expect(wantsApp(q('q=x'))).toBe(false);
  });

  it('reads a search target, unknown types falling back to players', () => {
    expect(searchTarget(' pete ', 'user')).toEqual({ screen: 'search', text: 'pete', type: 'user' });
    expect(searchTarget('pete', 'nope')).toEqual({ screen: 'search', text: 'pete', type: 'player' });
    expect(searchTarget('pete', null)).toEqual({ screen: 'search', text: 'pete', type: 'player' });
  });

  it('labels every store address that is not a real listing yet', () => {
    expect(COMPANION_APP.stores.length).toBeGreaterThan(0);
    for (const s of COMPANION_APP.stores) {
      expect(() => new URL(s.url)).not.toThrow();
      if (new URL(s.url).hostname.endsWith('.example')) expect(s.placeholder, s.url).toBe(true);
    }
  });
});
