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

/** The `{{placeholder}}` names of a text, sorted (a format after a comma is ignored). */
const placeholdersOf = (text: string) => [...new Set([...text.matchAll(/\{\{\s*([^},]+?)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1]!))].sort();

/** Every leaf text, grouped by its key with plural suffixes folded as `keysOf` does. */
function textsOf(value: unknown, prefix = '', texts = new Map<string, { key: string; text: string }[]>()) {
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    const folded = prefix + k.replace(/_(zero|one|two|few|many|other)$/, '');
    if (v && typeof v === 'object') textsOf(v, `${folded}.`, texts);
    else texts.set(folded, [...(texts.get(folded) ?? []), { key: prefix + k, text: String(v) }]);
  }
  return texts;
}

const enTexts = textsOf(load('en-US'));

describe('locale files', () => {
  it('exist for every interface language', () => {
    for (const { code } of LANGUAGES) expect(fs.existsSync(path.join(dir, `${code}.json`)), code).toBe(true);
  });

  it('keep the server’s mail texts in en-US and zh-CN', () => {
    for (const code of ['en-US', 'zh-CN']) expect(Object.keys(load(code).mail as object)).toEqual(['register', 'binding', 'reset', 'ignore', 'signature', 'appAuth']);
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

  it('keep the English placeholders in every translated text', () => {
    const wrong: Record<string, string[]> = {};
    for (const { code } of LANGUAGES) {
      for (const [folded, variants] of textsOf(load(code))) {
        const english = enTexts.get(folded);
        if (!english) continue; // unknown keys are reported by the test above
        const wanted = placeholdersOf(english[0]!.text).join(', ');
        for (const { key, text } of variants) {
          const found = placeholdersOf(text).join(', ');
          if (found !== wanted) (wrong[code] ??= []).push(`${key}: {${found}} instead of {${wanted}}`);
        }
      }
    }
    expect(wrong).toEqual({});
  });

  it('translate the persona id label in every language', () => {
    for (const { code } of LANGUAGES) {
      if (code === 'en-US') continue;
      const texts = textsOf(load(code));
      for (const key of ['case.personaId', 'profile.game.personaId']) {
        expect(texts.get(key)?.[0]?.text, `${code} ${key}`).not.toMatch(/persona ID/i);
      }
    }
  });
});
