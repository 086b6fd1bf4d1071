import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { precompressDir } from './server/modules/pages/precompress.js';
import { codeSplitting, firstScreenGraph, preloadFallbackStrings } from './vite.chunks.js';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));
/** Package version from package.json and the short commit, 'dev' when git is unavailable. */
function appVersion(): string {
  const { version } = JSON.parse(readFileSync(r('./package.json'), 'utf8')) as { version: string };
  let commit = 'dev';
  try {
    commit = execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim() || 'dev';
  } catch {
    // no git (e.g. a source tarball)
  }
  return `${version} (${commit})`;
}
/** Brotli and gzip copies of the built files, sent by Accept-Encoding (server/modules/pages/static-files.ts). */
const precompress = (): Plugin => ({
  name: 'tribunal-precompress',
  apply: 'build',
  applyToEnvironment: (environment) => environment.name === 'client',
  async closeBundle() {
    const { root, build } = this.environment.config;
    await precompressDir(path.resolve(root, build.outDir));
  },
});
const apiTarget = process.env.API_URL ?? `http://localhost:${process.env.API_PORT ?? 8080}`;

export default defineConfig({
  root: r('./client'),
  publicDir: r('./public'),
  plugins: [react(), firstScreenGraph(), preloadFallbackStrings(), precompress()],
  resolve: {
    alias: { '@client': r('./client'), '@shared': r('./shared'), '@locales': r('./locales') },
  },
  define: { __APP_VERSION__: JSON.stringify(appVersion()) },
  // `vite build` builds both: the client, and its server entry, which draws a first screen for the
  // page the server sends (client/firstPaint/render.tsx, server/modules/pages/first-paint.ts).
  builder: {},
  build: { chunkSizeWarningLimit: 900 },
  environments: {
    client: {
      build: {
        outDir: r('./dist/client'),
        emptyOutDir: true,
        manifest: true,
        rolldownOptions: { output: { codeSplitting } },
      },
    },
    ssr: {
      build: {
        outDir: r('./dist/ssr'),
        emptyOutDir: true,
        copyPublicDir: false,
        rolldownOptions: { input: { 'first-paint': r('./client/firstPaint/render.tsx') } },
      },
    },
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
});
