import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, THEMES } from '@shared/languages';

const dir = path.resolve(__dirname, '../../locales');
const load = (code: string) => JSON.parse(fs.readFileSync(path.join(dir, `${code}.json`), 'utf8')) as Record<string, unknown>;

/** Every leaf key, with plural suffixes folded (languages differ in their plural forms). */
function keysOf(value: unknown, prefix = ''): Set<string> {
  const keys = new Set<string>();
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    const key = prefix + k.replace(/_(zero|one|two|few|many|other)$/, '');
    if (v && typeof v === 'object') for (const inner of keysOf(v, `${key}.`)) keys.add(inner);
    else keys.add(key);
  }
  return keys;
}

const en = keysOf(load('en-US'));

describe('locale files', () => {
  it('exist for every interface language', () => {
    for (const { code } of LANGUAGES) expect(fs.existsSync(path.join(dir, `${code}.json`)), code).toBe(true);
  });

  it('keep the server’s mail texts in en-US and zh-CN', () => {
    for (const code of ['en-US', 'zh-CN']) expect(Object.keys(load(code).mail as object)).toEqual(['register', 'binding', 'reset', 'ignore', 'signature']);
  });

  it('have the same keys in en-US and zh-CN', () => {
    const zh = keysOf(load('zh-CN'));
    expect([...en].filter((k) => !zh.has(k))).toEqual([]);
    expect([...zh].filter((k) => !en.has(k))).toEqual([]);
  });

  it('translate navigation, header, footer, themes and language names everywhere, with no unknown keys', () => {
    for (const { code } of LANGUAGES) {
      const keys = keysOf(load(code));
      expect([...keys].filter((k) => !en.has(k)), code).toEqual([]);
      for (const area of ['nav', 'header', 'footer', 'themes', 'languages']) {
        const wanted = [...en].filter((k) => k.startsWith(`${area}.`));
        expect(wanted.filter((k) => !keys.has(k)), `${code} ${area}`).toEqual([]);
      }
      for (const theme of THEMES) expect(keys.has(`themes.${theme}`), `${code} ${theme}`).toBe(true);
    }
  });
});
