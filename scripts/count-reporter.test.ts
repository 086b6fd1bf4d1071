import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const repo = path.resolve(import.meta.dirname, '..');
const reporter = path.join(repo, 'server/test/count-reporter.ts');

/** A throwaway project of two test files, run by the repository's own Vitest with the reporter CI reads. */
async function runProject(files: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'count-reporter-'));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  fs.writeFileSync(path.join(dir, 'vitest.config.mjs'), `export default { test: { globals: true, reporters: [${JSON.stringify(reporter)}] } };`);
  const vitest = path.join(repo, 'node_modules/.bin/vitest');
  const result = await run(vitest, ['run', '--root', dir, '--config', path.join(dir, 'vitest.config.mjs')], { cwd: dir }).catch((e: { stdout: string; code: number }) => e);
  fs.rmSync(dir, { recursive: true, force: true });
  return { lines: result.stdout.trim().split('\n'), code: 'code' in result ? result.code : 0 };
}

describe('the count reporter (the line CI reads)', () => {
  it('names each failure on its own line, then ends with the counts', async () => {
    const { lines, code } = await runProject({
      'sums.test.ts': `describe('sums', () => { it('adds', () => expect(1 + 1).toBe(2)); it('carries', () => expect(9 + 1).toBe(11)); });`,
      'broken.test.ts': `throw new Error('cannot load\\nsecond line');`,
    });
    expect(code).not.toBe(0);
    expect(lines.at(-1)).toBe('1 passed, 2 failed');
    expect(lines.filter((l) => l.startsWith('failed: ')).sort()).toEqual(['failed: broken.test.ts: cannot load', 'failed: sums.test.ts > sums > carries: expected 10 to be 11 // Object.is equality']);
  }, 60_000);

  it('prints no failure line when everything passed', async () => {
    const { lines, code } = await runProject({ 'ok.test.ts': `it('doubles', () => expect([1, 2].map((n) => n * 2)).toEqual([2, 4]));` });
    expect(code).toBe(0);
    expect(lines.at(-1)).toBe('1 passed, 0 failed');
    expect(lines.some((l) => l.startsWith('failed: '))).toBe(false);
  }, 60_000);
});
