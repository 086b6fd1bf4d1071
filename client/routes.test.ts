// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { isScreenPath, SCREENS } from '@shared/screens';
import { FALLBACK_LANGUAGE, LANGUAGES } from '@shared/languages';
import { applyPageMeta, pageMeta } from './app/meta';
import type { RouteHandle } from './app/usePageMeta';
import { I18N_OPTIONS, interfaceStrings } from './i18n/options';
import { routeExists, routes } from './routes';

/** Every full path of the route tree, the catch-all left out. */
function pathsOf(list: readonly RouteObject[], parent = ''): string[] {
  return list.flatMap((r) => {
    const own = r.path === undefined ? parent : r.path.startsWith('/') ? r.path : `${parent === '/' ? '' : parent}/${r.path}`;
    const here = r.path !== undefined && r.path !== '*' ? [own] : [];
    return [...here, ...pathsOf(r.children ?? [], own)];
  });
}

/** The page names routes give their titles under (`meta.<page>.title`). */
function pagesOf(list: readonly RouteObject[]): string[] {
  return list.flatMap((r) => {
    const page = (r.handle as RouteHandle | undefined)?.page;
    return [...(page ? [page] : []), ...pagesOf(r.children ?? [])];
  });
}

describe('the client route table', () => {
  it('gives every route a title in every language', () => {
    const pages = [...new Set(pagesOf(routes))];
    expect(pages.length).toBeGreaterThan(40);
    for (const { code } of LANGUAGES) {
      const meta = JSON.parse(fs.readFileSync(path.resolve(__dirname, `../locales/${code}.json`), 'utf8')).meta as Record<string, { title?: unknown }>;
      expect(pages.filter((page) => typeof meta[page]?.title !== 'string' || !meta[page]!.title), code).toEqual([]);
    }
  });

  it('sets every page title, description and keywords from translations, never a raw key, in every language', async () => {
    const strings = (code: string) => interfaceStrings(JSON.parse(fs.readFileSync(path.resolve(__dirname, `../locales/${code}.json`), 'utf8')));
    const pages = [...new Set([...pagesOf(routes), 'notFound'])];
    for (const { code } of LANGUAGES) {
      const i18n = i18next.createInstance();
      await i18n.init({ ...I18N_OPTIONS, lng: code, resources: { [FALLBACK_LANGUAGE]: { translation: strings(FALLBACK_LANGUAGE) }, [code]: { translation: strings(code) } } });
      const product = i18n.t('app.keywords');
      for (const page of pages) {
        applyPageMeta(pageMeta(i18n, page, { name: 'Zoë' }));
        const shown = [document.title, ...[...document.head.querySelectorAll('meta')].map((tag) => tag.content)];
        expect(shown.filter((text) => /\bmeta\./.test(text)), `${code} ${page}`).toEqual([]);
        const keywords = document.head.querySelector<HTMLMetaElement>('meta[name="keywords"]')!.content;
        expect(keywords.startsWith(product), `${code} ${page}`).toBe(true);
        if (!i18n.exists(`meta.${page}.keywords`)) expect(keywords, `${code} ${page}`).toBe(product);
      }
    }
  });

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
