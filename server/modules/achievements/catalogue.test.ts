import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACHIEVEMENTS } from '@shared/achievements';
import { LANGUAGE_CODES } from '@shared/languages';
import { ROOT } from '@server/paths';
import { createTestApp, type TestApp } from '@server/test/harness';
import { expectInvalid, expectOk } from '@server/test/expect';
import { readerLanguage } from '@server/http/reader-language';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

const catalogue = (query = '', headers: Record<string, string> = {}) => app.request.get(`/api/achievements${query}`).set(headers);
const locale = (code: string) => JSON.parse(fs.readFileSync(path.join(ROOT, 'locales', `${code}.json`), 'utf8')).achievements;
type Entry = { id: string; name: string; condition: string | null; [k: string]: unknown };
const byId = (res: { body: { data: { achievements: Entry[] } } }) => new Map(res.body.data.achievements.map((a) => [a.id, a]));

describe('GET /api/achievements', () => {
  it('lists every achievement in catalogue order, with its numbers and its texts, to anyone', async () => {
    const res = await catalogue();
    expectOk(res, 'achievements.ok');
    expect(res.body.data.language).toBe('en-US');
    expect(res.headers['content-language']).toBe('en-US');
    expect(res.body.data.achievements.map((a: Entry) => a.id)).toEqual(ACHIEVEMENTS.map((a) => a.id));
    expect(byId(res).get('report_l3')).toEqual({
      id: 'report_l3',
      group: 'report',
      level: 3,
      points: 30,
      rarity: 'rare',
      tags: ['report'],
      icon: '/achievements/report.svg',
      name: 'Reporter III',
      rarityName: 'Rare',
      isHidden: false,
      acquisition: 'passive',
      requires: 'report_l2',
      goal: { count: 300, confirmedPercent: 96 },
      condition: 'File at least 300 reports since 1 January 2024, with at least 96% of them on cases confirmed as cheating.',
    });
    for (const entry of res.body.data.achievements as Entry[]) {
      if (entry.isHidden) continue;
      expect(entry.condition, entry.id).toEqual(expect.any(String));
      expect(entry.condition, entry.id).not.toMatch(/\{\{|^achievements\.conditions\./);
    }
    // Numbers as the reader writes them.
    expect(byId(res).get('site_20w_report_witnesses')?.name).toBe('Witness of 200,000 reports');
    expect(byId(res).get('old_user')?.condition).toContain('10,000');
  });

  it('keeps the conditions of hidden achievements secret, in every language', async () => {
    const hidden = ACHIEVEMENTS.filter((a) => a.isHidden);
    expect(hidden.length).toBeGreaterThan(0);
    for (const lang of LANGUAGE_CODES) {
      const res = await catalogue(`?lang=${lang}`);
      expectOk(res, 'achievements.ok');
      const conditions = Object.values(locale(lang).conditions as Record<string, string>);
      for (const def of hidden) {
        const entry = byId(res).get(def.id)!;
        expect(entry, `${lang} ${def.id}`).toMatchObject({ isHidden: true, name: locale(lang).names[def.id], acquisition: null, requires: null, goal: null, condition: null });
        const said = JSON.stringify(entry);
        for (const text of conditions) {
          const start = text.split('{{')[0]!.trim();
          if (start) expect(said).not.toContain(start);
        }
      }
    }
  });

  it('answers in the language asked for by `lang`, else by Accept-Language, else in en-US', async () => {
    const de = await catalogue('?lang=de-DE');
    expect(de.body.data.language).toBe('de-DE');
    expect(byId(de).get('report_l1')).toMatchObject({ name: 'Melder I', rarityName: locale('de-DE').rarity.normal });
    expect(byId(de).get('user_subscribes_l2')?.condition).toBe(locale('de-DE').conditions.subscribes.replace('{{count}}', '20'));
    // A language we do not have, or a tag that is only close to one of ours.
    expect((await catalogue('?lang=pt-BR')).body.data.language).toBe('en-US');
    expect((await catalogue('?lang=zh')).body.data.language).toBe('zh-CN');
    expect((await catalogue('?lang=zh-cat')).body.data.language).toBe('zh-Cat');
    const header = await catalogue('', { 'Accept-Language': 'pt-BR, fr-CH;q=0.8, de;q=0.9' });
    expect(header.body.data.language).toBe('de-DE');
    expect(header.headers['content-language']).toBe('de-DE');
    expect(byId(header).get('report_l1')?.name).toBe('Melder I');
    expect((await catalogue('?lang=ja-JP', { 'Accept-Language': 'de' })).body.data.language).toBe('ja-JP');
    expect((await catalogue('', { 'Accept-Language': 'pt-BR, *;q=0.5' })).body.data.language).toBe('en-US');
  });

  it('refuses a `lang` that is no language tag', async () => {
    for (const lang of ['', 'x', '<script>', 'en US', 'e'.repeat(40), '12-34']) expectInvalid(await catalogue(`?lang=${encodeURIComponent(lang)}`), 'achievement.bad', 'lang');
    expectInvalid(await catalogue('?lang=de&lang=fr'), 'achievement.bad', 'lang');
  });

  it('may be kept by caches an hour, per language asked for', async () => {
    const res = await catalogue('?lang=fr-FR');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.headers.vary).toMatch(/Accept-Language/);
  });
});

describe('readerLanguage', () => {
  it('weighs Accept-Language, skips what we do not have, and falls back to en-US', () => {
    expect(readerLanguage(undefined, undefined)).toBe('en-US');
    expect(readerLanguage(undefined, 'ko-KR,ko;q=0.9,en-US;q=0.8')).toBe('ko-KR');
    expect(readerLanguage(undefined, 'en-GB;q=0.7, it')).toBe('it-IT');
    expect(readerLanguage(undefined, 'en-GB, it;q=0.5')).toBe('en-US');
    expect(readerLanguage(undefined, 'tr;q=0, es;q=0.1')).toBe('es-ES');
    expect(readerLanguage(undefined, ',,,;q=abc')).toBe('en-US');
    expect(readerLanguage('ar', 'fr')).toBe('ar-EG');
  });
});
