/**
 * Client bundle report (the first visit's JavaScript, budget in CI): `npm run bench:bundle` builds the client and reports, from
 * Vite's manifest and the built page, the JavaScript a first visit to each main route downloads:
 * the scripts the built page names (the entry, and the fallback language it preloads: vite.chunks.ts)
 * plus the route's page chunk and its static imports (which the server names in the page it sends for a
 * first screen: server/modules/pages/screen-preloads.ts). Sizes raw, gzip and brotli as the build wrote them (what the server sends), against
 * the 250 kB target for the home route, brotli, on the wire; and the largest chunks loaded later.
 * `--check` (CI, after the build): print only, exit 1 when the home route is over budget, leave
 * RESULTS.md alone.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { writeResults } from './results';

interface Chunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'dist/client');
if (!process.argv.includes('--no-build')) execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
const manifest = JSON.parse(fs.readFileSync(path.join(out, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
const raw = (file: string) => fs.statSync(path.join(out, file)).size;
/** The size of the copy the build wrote beside a file (what the server sends for that encoding), or of the file when there is none. */
const copy = (suffix: string) => (file: string) => (fs.existsSync(path.join(out, file + suffix)) ? raw(file + suffix) : raw(file));
const gz = copy('.gz');
const br = copy('.br');
if (!fs.readdirSync(path.join(out, 'assets')).some((f) => f.endsWith('.br'))) throw new Error('the build wrote no compressed copies (vite.config.ts, precompress)');

const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
const byFile = new Map(Object.entries(manifest).map(([k, c]) => [c.file, k]));
/** Manifest keys a chunk pulls in before it runs (static imports, transitively). */
function closure(keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    closure(manifest[key]!.imports ?? [], seen);
  }
  return seen;
}
/** The scripts the built page names itself: its entry and its module preloads. */
const html = fs.readFileSync(path.join(out, 'index.html'), 'utf8');
const named = [...html.matchAll(/<(?:script type="module"[^>]*src|link rel="modulepreload"[^>]*href)="\/([^"]+)"/g)].map((m) => byFile.get(m[1]!)!);
if (named.some((k) => !k)) throw new Error('the page names a script the manifest does not know');
const first = closure([entryKey, ...named]);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const sum = (keys: Iterable<string>, size: (f: string) => number) => [...keys].reduce((s, k) => s + size(manifest[k]!.file), 0);

/** Route → the page module it loads lazily (client/routes.tsx). */
const routes: Array<[string, string]> = [
  ['/ (home)', 'pages/home/HomePage.tsx'],
  ['/player/:id (case page)', 'pages/player/PlayerPage.tsx'],
  ['/players (case list)', 'pages/players/PlayersPage.tsx'],
  ['/search', 'pages/search/SearchPage.tsx'],
  ['/report', 'pages/report/ReportPage.tsx'],
  ['/statistics', 'pages/sitestats/SiteStatsPage.tsx'],
  ['/admin', 'pages/admin/AdminHomePage.tsx'],
];
const HOME_BUDGET = 250 * 1024;
let homeBrotli = NaN;
const lines = [
  `Measured ${new Date().toISOString().slice(0, 16)} UTC from \`vite build\` (\`npm run bench:bundle\`); first visit = the scripts the page names (entry and preloads: ${first.size} files) plus the route's page chunk and its static imports when not among them. Brotli and gzip = the copies the build wrote, which the server sends by Accept-Encoding (every current browser takes brotli over https). Target: the home route ≤ 250 kB brotli.`,
  '',
  '| route | scripts | JavaScript (raw) | gzip | brotli (on the wire) | of which the page names (brotli) | target |',
  '|---|---|---|---|---|---|---|',
];
const pageChunk = (page: string) => (manifest[page] ? page : undefined);
for (const [route, page] of routes) {
  const key = pageChunk(page);
  if (!key) {
    lines.push(`| ${route} | page ${page} not in the build | | | | | |`);
    continue;
  }
  const all = closure([key], new Set(first));
  const home = route.startsWith('/ ');
  if (home) homeBrotli = sum(all, br);
  lines.push(`| ${route} | ${all.size} | ${kb(sum(all, raw))} | ${kb(sum(all, gz))} | ${kb(sum(all, br))} | ${kb(sum(first, br))} | ${home ? (sum(all, br) <= HOME_BUDGET ? 'met (≤ 250 kB)' : 'missed (> 250 kB)') : ''} |`);
}
const lazy = Object.entries(manifest)
  .filter(([k]) => !first.has(k))
  .map(([k, c]) => ({ key: k, file: c.file, size: br(c.file) }))
  .sort((a, b) => b.size - a.size)
  .slice(0, 8);
lines.push('', 'Largest chunks loaded only on demand:', '', '| chunk | from | brotli |', '|---|---|---|');
for (const c of lazy) lines.push(`| ${path.basename(c.file)} | ${c.key.startsWith('_') ? 'shared by lazy pages' : c.key} | ${kb(c.size)} |`);
console.log(lines.join('\n'));
if (process.argv.includes('--check')) process.exit(homeBrotli <= HOME_BUDGET ? 0 : 1);
writeResults('bundle', lines.join('\n'));
console.log('\nwritten to bench/RESULTS.md');
