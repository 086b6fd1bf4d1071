import { describe, expect, it } from 'vitest';
import { firstScreenOf, firstScreenPages, preloadTags, type Manifest } from './screen-preloads';

const HTML = '<html><head><script type="module" src="/assets/index.js"></script><link rel="modulepreload" href="/assets/en-US.js"></head><body></body></html>';
const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_runtime.js'], css: ['assets/index.css'] },
  '_runtime.js': { file: 'assets/runtime.js' },
  '../locales/en-US.json': { file: 'assets/en-US.js' },
  'pages/home/HomePage.tsx': { file: 'assets/HomePage.js', imports: ['index.html', '_screens.js', '_HomePage-parts.js'], css: ['assets/HomePage.css'] },
  '_screens.js': { file: 'assets/screens.js', imports: ['index.html', '_runtime.js'], css: ['assets/screens.css'] },
  '_HomePage-parts.js': { file: 'assets/HomePage-parts.js', imports: ['_screens.js'] },
  'pages/NotFoundPage.tsx': { file: 'assets/NotFoundPage.js', imports: ['index.html'] },
  'pages/profile/ProfileLayout.tsx': { file: 'assets/ProfileLayout.js', imports: ['index.html'] },
};

describe('first-screen preloads', () => {
  it('finds the first screen a path opens, the 404 screen for a path outside the route list, none for other screens', () => {
    expect(firstScreenOf('/')).toBe('home');
    expect(firstScreenOf('/player/1006000000')).toBe('player');
    expect(firstScreenOf('/Search/henry')).toBe('searchFor');
    expect(firstScreenOf('/announcement/antiCheatRules')).toBe('announcement');
    expect(firstScreenOf('/wp-login.php')).toBe('notFound');
    expect(firstScreenOf('/profile/chat')).toBeNull();
  });

  it("names the page's chunks and styles that the entry does not bring, each once", () => {
    const tags = preloadTags(manifest, 'home/HomePage', HTML);
    const hrefs = [...tags.matchAll(/<link rel="(\w+)" crossorigin href="\/([^"]+)">/g)].map((m) => `${m[1]} ${m[2]}`);
    expect(hrefs).toEqual(['modulepreload assets/HomePage.js', 'modulepreload assets/screens.js', 'modulepreload assets/HomePage-parts.js', 'stylesheet assets/HomePage.css', 'stylesheet assets/screens.css']);
  });

  it('gives each first screen in the build its own page, and none to a screen the build lacks', () => {
    const pages = firstScreenPages(manifest, HTML);
    expect([...pages.keys()].sort()).toEqual(['home', 'notFound']);
    expect(pages.get('notFound')).toContain('<link rel="modulepreload" crossorigin href="/assets/NotFoundPage.js"></head>');
    expect(pages.get('home')!.match(/en-US/g)).toHaveLength(1);
  });
});
