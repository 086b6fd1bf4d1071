/**
 * Client bundle report (issue 16): `npm run bench:bundle` builds the client and reports, from Vite's
 * manifest, the JavaScript a first visit to each main route downloads (entry + its static imports +
 * the route's page chunk and its static imports), gzip-compressed, against the 250 kB target for
 * the home route, and the largest lazy chunks with what they hold. `--check` (CI, after the build):
 * print only, exit 1 when the home route is over budget, leave RESULTS.md alone.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
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
const gzipped = new Map<string, number>();
const gz = (file: string) => {
  if (!gzipped.has(file)) gzipped.set(file, zlib.gzipSync(fs.readFileSync(path.join(out, file)), { level: 9 }).length);
  return gzipped.get(file)!;
};
const raw = (file: string) => fs.statSync(path.join(out, file)).size;

/** Manifest keys a chunk pulls in before it runs (static imports, transitively). */
function closure(keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    closure(manifest[key]!.imports ?? [], seen);
  }
  return seen;
}
const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
const entry = closure([entryKey]);
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
let homeGzip = NaN;
const lines = [
  `Measured ${new Date().toISOString().slice(0, 16)} UTC from \`vite build\` (\`npm run bench:bundle\`); first visit = the entry and its static imports plus the route's page chunk and its static imports; gzip level 9. Target: the home route ≤ 250 kB gzip.`,
  '',
  '| route | chunks | JavaScript (raw) | JavaScript (gzip) | of which shared entry (gzip) | target |',
  '|---|---|---|---|---|---|',
];
for (const [route, page] of routes) {
  const key = Object.keys(manifest).find((k) => k.endsWith(page));
  if (!key) {
    lines.push(`| ${route} | page ${page} not in the build | | | | |`);
    continue;
  }
  const all = closure([key], new Set(entry));
  if (route.startsWith('/ ')) homeGzip = sum(all, gz);
  lines.push(`| ${route} | ${all.size} | ${kb(sum(all, raw))} | ${kb(sum(all, gz))} | ${kb(sum(entry, gz))} | ${route.startsWith('/ ') ? (sum(all, gz) <= HOME_BUDGET ? 'met (≤ 250 kB)' : 'missed (> 250 kB)') : ''} |`);
}
const lazy = Object.entries(manifest)
  .filter(([k]) => !entry.has(k))
  .map(([k, c]) => ({ key: k, file: c.file, gzip: gz(c.file) }))
  .sort((a, b) => b.gzip - a.gzip)
  .slice(0, 8);
lines.push('', 'Largest chunks loaded only on demand:', '', '| chunk | from | gzip |', '|---|---|---|');
for (const c of lazy) lines.push(`| ${path.basename(c.file)} | ${c.key.startsWith('_') ? 'shared by lazy pages' : c.key} | ${kb(c.gzip)} |`);
console.log(lines.join('\n'));
if (process.argv.includes('--check')) process.exit(homeGzip <= HOME_BUDGET ? 0 : 1);
writeResults('bundle', lines.join('\n'));
console.log('\nwritten to bench/RESULTS.md');
