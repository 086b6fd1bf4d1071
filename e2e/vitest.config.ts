import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** Browser tests: a real server serving the built client, driven in Debian's Chromium. */
export default defineConfig({
  root: r('..'),
  resolve: {
    alias: { '@server': r('../server'), '@client': r('../client'), '@shared': r('../shared'), '@locales': r('../locales') },
  },
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['server/test/global-setup.ts', 'e2e/support/build-client.ts'],
    setupFiles: ['e2e/support/close-test-pages.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    // One process for every file (they run one at a time anyway): each file used to import the server and puppeteer again.
    isolate: false,
    reporters: ['default', './server/test/count-reporter.ts'],
  },
});
