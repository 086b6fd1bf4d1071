import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SPONSORS } from './sponsors';

describe('the sponsor list', () => {
  it('points at logos the site serves, and at absolute links', () => {
    for (const s of SPONSORS) {
      const file = path.resolve(import.meta.dirname, '../public', s.logo.replace(/^\//, ''));
      expect(fs.existsSync(file), s.logo).toBe(true);
      if (file.endsWith('.svg')) expect(fs.readFileSync(file, 'utf8')).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(new URL(s.url).protocol).toBe('https:');
      if (new URL(s.url).hostname.endsWith('.example')) expect(s.placeholder, s.name).toBe(true);
    }
    expect(new Set(SPONSORS.map((s) => s.url)).size).toBe(SPONSORS.length);
  });
});
