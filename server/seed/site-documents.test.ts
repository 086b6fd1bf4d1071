import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { LANGUAGE_CODES } from '@shared/languages';
import { ANNOUNCEMENT_NAMES } from '@shared/schemas/announcements';
import { announcements } from '@server/db/schema';
import { sanitizeRichText } from '@server/http/sanitize';
import { createTestApp, type TestApp } from '@server/test/harness';
import { expectOk } from '@server/test/expect';
import { loadSiteDocuments, seedSiteDocuments, SITE_DOCUMENTS_DIR } from './site-documents';

describe('the site documents’ texts', () => {
  it('exist for every language we ship, each with a title and content our sanitiser keeps as it is', () => {
    expect(fs.readdirSync(SITE_DOCUMENTS_DIR).sort()).toEqual(LANGUAGE_CODES.map((l) => `${l}.json`).sort());
    for (const language of LANGUAGE_CODES) {
      const docs = loadSiteDocuments(language);
      expect(Object.keys(docs).sort(), language).toEqual([...ANNOUNCEMENT_NAMES].sort());
      for (const name of ANNOUNCEMENT_NAMES) {
        const html = docs[name].content.join('');
        expect(docs[name].title.trim().length, `${language} ${name}`).toBeGreaterThan(0);
        expect(html.length, `${language} ${name}`).toBeGreaterThan(200);
        expect(sanitizeRichText(html), `${language} ${name}`).toBe(html);
      }
    }
  });

  it('are translated: no two languages share a title or a paragraph, and each follows en-US’s outline', () => {
    const en = loadSiteDocuments('en-US');
    const seen = new Map<string, string>();
    for (const language of LANGUAGE_CODES) {
      const docs = loadSiteDocuments(language);
      for (const name of ANNOUNCEMENT_NAMES) {
        for (const text of [docs[name].title, ...docs[name].content.filter((b) => b.length > 40)]) {
          expect(seen.get(text), `${language} ${name}: ${text}`).toBeUndefined();
          seen.set(text, language);
        }
        // The same blocks in the same order: only the words differ.
        const outline = (blocks: string[]) => blocks.map((b) => b.replace(/>[^<]*</g, '><').replace(/^[^<]+|[^>]+$/g, ''));
        expect(outline(docs[name].content), `${language} ${name}`).toEqual(outline(en[name].content));
      }
    }
  });
});

describe('seeding the site documents', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ env: { NODE_ENV: 'production', SEED_DEMO: 'false' } });
  });
  afterAll(() => app?.close());

  const rowsOf = async (name?: string) => {
    const [row] = await app.services.db
      .select({ n: count() })
      .from(announcements)
      .where(name ? eq(announcements.name, name) : undefined);
    return Number(row!.n);
  };
  const read = (query: string) => app.request.get(`/api/announcement?${query}`);

  it('gives a fresh production site version 1 of every document in every language, read in the reader’s language', async () => {
    expect(await rowsOf()).toBe(ANNOUNCEMENT_NAMES.length * LANGUAGE_CODES.length);
    for (const language of LANGUAGE_CODES) {
      const texts = loadSiteDocuments(language);
      for (const name of ANNOUNCEMENT_NAMES) {
        const res = await read(`name=${name}&lang=${language}`);
        expectOk(res, 'announcement.ok');
        expect(res.body.data, `${language} ${name}`).toMatchObject({ name, language, version: 1, latest: true, title: texts[name].title, content: texts[name].content.join(''), authorId: null });
      }
    }
  });

  it('falls back to en-US for a missing or unknown language', async () => {
    const en = loadSiteDocuments('en-US');
    for (const query of ['name=antiCheatRules', 'name=antiCheatRules&lang=xx-YY', 'name=antiCheatRules&lang=', 'name=antiCheatRules&lang=pt-BR']) {
      const res = await read(query);
      expectOk(res, 'announcement.ok');
      expect(res.body.data, query).toMatchObject({ language: 'en-US', title: en.antiCheatRules.title });
    }
  });

  it('adds nothing when run again (each start), also from several nodes at once', async () => {
    const before = await rowsOf();
    expect(await Promise.all([seedSiteDocuments(app.services.db), seedSiteDocuments(app.services.db)])).toEqual([[], []]);
    expect(await rowsOf()).toBe(before);
  });

  it('keeps an operator’s later version the latest', async () => {
    const { token } = await app.factories.signedIn({ privileges: ['super'] });
    const mine = await app.request.post('/api/admin/setAnnouncement').set('x-access-token', token).send({ data: { name: 'conductRules', title: 'Our rules', content: '<p>Ours.</p>' } });
    expectOk(mine, 'setAnnouncement.ok', 201);
    expect(await seedSiteDocuments(app.services.db)).toEqual([]);
    expect((await read('name=conductRules')).body.data).toMatchObject({ version: 2, title: 'Our rules', latest: true });
  });

  it('writes a missing document once, in every language, when nodes start together on a database that lacks it', async () => {
    // A database imported from elsewhere: it has no anti-cheat rules at all.
    await app.services.db.delete(announcements).where(eq(announcements.name, 'antiCheatRules'));
    const runs = await Promise.all([1, 2, 3].map(() => seedSiteDocuments(app.services.db)));
    expect(runs.flat()).toEqual(['antiCheatRules']);
    expect(await rowsOf('antiCheatRules')).toBe(LANGUAGE_CODES.length);
  });

  it('leaves a document alone once an operator published it in any language, whose readers then get en-US', async () => {
    // A site from before languages: the operator's only version is en-US.
    await app.services.db.delete(announcements).where(eq(announcements.name, 'personnelRules'));
    await app.services.db.insert(announcements).values({ name: 'personnelRules', version: 1, title: 'House rules', content: '<p>Our staff rules.</p>' });
    expect(await seedSiteDocuments(app.services.db)).toEqual([]);
    expect(await rowsOf('personnelRules')).toBe(1);
    expect((await read('name=personnelRules&lang=ja-JP')).body.data).toMatchObject({ language: 'en-US', title: 'House rules', languages: ['en-US'] });
  });
});
