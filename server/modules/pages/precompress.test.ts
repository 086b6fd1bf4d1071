import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress';

let dir: string;
const file = (name: string, content: string | Buffer) => {
  fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
  fs.writeFileSync(path.join(dir, name), content);
};
const exists = (name: string) => fs.existsSync(path.join(dir, name));
const read = (name: string) => fs.readFileSync(path.join(dir, name));

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribunal-precompress-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('precompressDir', () => {
  it('writes a brotli and a gzip copy of every text file that decompress to the file', async () => {
    const js = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i}`))};\n`;
    file('assets/app-1a2b.js', js);
    file('assets/app-1a2b.css', `.a{color:red}\n`.repeat(200));
    file('index.html', `<!doctype html><html><body>${'<p>hello</p>'.repeat(200)}</body></html>`);
    file('emotes/smile.svg', `<svg xmlns="http://www.w3.org/2000/svg">${'<path d="M0 0h1v1z"/>'.repeat(100)}</svg>`);

    expect(await precompressDir(dir)).toBe(4);

    for (const name of ['assets/app-1a2b.js', 'assets/app-1a2b.css', 'index.html', 'emotes/smile.svg']) {
      expect(zlib.brotliDecompressSync(read(`${name}.br`)).equals(read(name)), name).toBe(true);
      expect(zlib.gunzipSync(read(`${name}.gz`)).equals(read(name)), name).toBe(true);
      expect(read(`${name}.br`).length, name).toBeLessThan(read(name).length);
    }
  });

  it('leaves small files, compressed formats, copies that would not be smaller and dot folders alone', async () => {
    file('boot.js', 'var a = 1;\n');
    file('achievements/badge.png', Buffer.alloc(4096, 7));
    // Random bytes do not compress: each copy would be a few bytes longer than the file.
    file('assets/random.js', crypto.randomBytes(4096));
    file('.vite/manifest.json', JSON.stringify({ big: 'x'.repeat(5000) }));
    file('assets/big.js', 'y'.repeat(5000));

    expect(await precompressDir(dir)).toBe(1);

    for (const name of ['boot.js', 'achievements/badge.png', 'assets/random.js', '.vite/manifest.json']) {
      expect(exists(`${name}.br`), name).toBe(false);
      expect(exists(`${name}.gz`), name).toBe(false);
    }
    expect(exists('assets/big.js.br')).toBe(true);
  });

  it('removes the copies of a file that no longer gets them (a second build over the same folder)', async () => {
    file('app.js', 'x'.repeat(4000));
    await precompressDir(dir);
    expect(exists('app.js.br')).toBe(true);
    file('app.js', 'tiny');
    await precompressDir(dir);
    expect(exists('app.js.br')).toBe(false);
    expect(exists('app.js.gz')).toBe(false);
  });
});
