import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timeline, type PlayerRow, type TimelineRow } from '@server/db/schema';
import { createTestApp, joinRoom, type TestApp } from '@server/test/harness';
import { expectError, expectInvalid, expectOk } from '@server/test/expect';
import { insertCase, insertEntries, insertEntry, insertUser } from '@server/test/search-fixtures';
import type { CaseKey } from '@shared/schemas/cases';
import { timelinePage, type TimelinePageQuery } from './queries';

let app: TestApp;
let staff: string;
beforeAll(async () => {
  app = await createTestApp();
  ({ token: staff } = await app.factories.signedIn({ privileges: ['admin'] }));
});
afterAll(() => app?.close());

const get = (path: string, query: string, token?: string) => {
  const req = app.request.get(`/api/player/timeline${path}?${query}`);
  if (token) req.set('x-access-token', token);
  return req;
};
const page = async (query: string, token?: string) => {
  const res = await get('', query, token);
  expectOk(res, 'timeline.ok');
  return res.body.data as { result: Array<Record<string, unknown> & { id: number; type: string }>; total: number; lastSeq: number };
};
const position = (query: string, token?: string) => get('/position', query, token);
const ids = (p: { result: Array<{ id: number }> }) => p.result.map((e) => e.id);

/** A case with entries of these types, in this order (ids ascending); `hidden` marks indexes written hidden. */
async function caseWith(types: Array<TimelineRow['type']>, hidden: number[] = [], c?: PlayerRow) {
  const row = c ?? (await insertCase(app));
  const author = await insertUser(app);
  const entries: TimelineRow[] = [];
  for (const [i, type] of types.entries()) {
    const [e] = await app.services.db
      .insert(timeline)
      .values({
        type,
        playerId: row.id,
        toOriginUserId: row.originUserId,
        toOriginPersonaId: row.originPersonaId,
        toOriginName: row.originName,
        byUserId: author.id,
        content: `<p>entry ${i}</p>`,
        valid: !hidden.includes(i),
      })
      .returning();
    entries.push(e!);
  }
  return { c: row, author, entries, id: (i: number) => entries[i]!.id };
}

describe('GET /api/player/timeline with several subjects', () => {
  const TYPES: Array<TimelineRow['type']> = ['report', 'reply', 'judgement', 'reply', 'banAppeal', 'report', 'verify', 'reply', 'historyUsername', 'judgement'];

  it('pages asked together (one shared statement) each get their own case, size, offset, order and total', async () => {
    const author = await insertUser(app);
    const cases = [await insertCase(app), await insertCase(app), await insertCase(app)];
    for (const [i, c] of cases.entries()) await insertEntries(app, c, 3 + i * 4, { byUserId: author.id });
    await insertEntry(app, cases[1]!, { valid: false });
    const hidden = await insertCase(app, { valid: false });
    await insertEntries(app, hidden, 2);
    const asks: Array<[CaseKey, TimelinePageQuery]> = [
      [{ dbId: cases[0]!.id }, { order: 'asc', limit: 20, skip: 0, includeHidden: false }],
      [{ dbId: cases[1]!.id }, { order: 'asc', limit: 3, skip: 2, includeHidden: false }],
      [{ dbId: cases[2]!.id }, { order: 'asc', limit: 5, skip: 0, includeHidden: false }],
      [{ dbId: cases[1]!.id }, { order: 'asc', limit: 20, skip: 0, includeHidden: true }],
      [{ dbId: cases[2]!.id }, { order: 'desc', limit: 4, skip: 1, includeHidden: false }],
      [{ dbId: cases[0]!.id }, { order: 'asc', limit: 20, skip: 50, includeHidden: false }],
      [{ dbId: hidden.id }, { order: 'asc', limit: 20, skip: 0, includeHidden: false }],
      [{ personaId: cases[2]!.originPersonaId }, { order: 'asc', limit: 2, skip: 3, includeHidden: false }],
      [{ dbId: 999_999_999 }, { order: 'asc', limit: 20, skip: 0, includeHidden: false }],
      // The largest skip the API takes (past any 32-bit integer).
      [{ dbId: cases[0]!.id }, { order: 'asc', limit: 20, skip: Number.MAX_SAFE_INTEGER, includeHidden: false }],
    ];
    const together = await Promise.all(asks.map(([key, q]) => timelinePage(app.services.db, key, q)));
    const alone = [];
    for (const [key, q] of asks) alone.push(await timelinePage(app.services.db, key, q));
    expect(together).toEqual(alone);
    const shown = (i: number) => together[i]!.page.result.map((e) => e.id);
    const all = (await timelinePage(app.services.db, { dbId: cases[2]!.id }, { order: 'asc', limit: 100, skip: 0, includeHidden: false }))!.page.result.map((e) => e.id);
    expect(all).toHaveLength(11);
    expect(shown(2)).toEqual(all.slice(0, 5));
    expect(shown(4)).toEqual([...all].reverse().slice(1, 5));
    expect(shown(7)).toEqual(all.slice(3, 5));
    expect(together.map((t) => t?.caseId ?? null)).toEqual([cases[0]!.id, cases[1]!.id, cases[2]!.id, cases[1]!.id, cases[2]!.id, cases[0]!.id, null, cases[2]!.id, null, cases[0]!.id]);
    expect(together.map((t) => t?.page.total ?? null)).toEqual([3, 7, 11, 8, 11, 3, null, 11, null, 3]);
    expect(together[9]!.page.result).toEqual([]);
    expect([shown(0).length, shown(1).length, shown(3).length, shown(5).length]).toEqual([3, 3, 8, 0]);
    expect(together[0]!.page.result[0]).toMatchObject({ byUserId: author.id, username: author.username });
  });

  it('pages filtered by type asked together share a statement only with pages of the same types, and each keeps its own', async () => {
    const [a, b] = [await caseWith(TYPES, [3]), await caseWith(TYPES)];
    const q = (subject: Array<TimelineRow['type']>, extra: Partial<TimelinePageQuery> = {}): TimelinePageQuery => ({ order: 'asc', limit: 20, skip: 0, includeHidden: false, subject, ...extra });
    const asks: Array<[CaseKey, TimelinePageQuery]> = [
      [{ dbId: a.c.id }, q(['reply'])],
      [{ dbId: b.c.id }, q(['reply'])],
      [{ dbId: a.c.id }, q(['report', 'reply'])],
      [{ dbId: b.c.id }, q(['reply', 'report'], { limit: 2, skip: 1 })],
      [{ dbId: a.c.id }, q(['reply'], { includeHidden: true })],
      [{ dbId: b.c.id }, q(['judgement'], { order: 'desc' })],
      [{ dbId: b.c.id }, q([])],
    ];
    const together = await Promise.all(asks.map(([key, query]) => timelinePage(app.services.db, key, query)));
    const alone = [];
    for (const [key, query] of asks) alone.push(await timelinePage(app.services.db, key, query));
    expect(together).toEqual(alone);
    const shown = together.map((t) => t!.page.result.map((e) => e.id));
    expect(shown[0]).toEqual([a.id(1), a.id(7)]);
    expect(shown[1]).toEqual([b.id(1), b.id(3), b.id(7)]);
    expect(shown[2]).toEqual([a.id(0), a.id(1), a.id(5), a.id(7)]);
    expect(shown[3]).toEqual([b.id(1), b.id(3)]);
    expect(shown[4]).toEqual([a.id(1), a.id(3), a.id(7)]);
    expect(shown[5]).toEqual([b.id(9), b.id(2)]);
    expect(shown[6]).toEqual(b.entries.map((e) => e.id));
    expect(together.map((t) => t!.page.total)).toEqual([2, 3, 4, 5, 3, 2, 10]);
  });

  it('takes one subject, a repeated one, subject[] or a comma list, and lists those types by id with the exact total', async () => {
    const { c, id } = await caseWith(TYPES);
    const one = await page(`dbId=${c.id}&subject=reply`);
    expect(ids(one)).toEqual([id(1), id(3), id(7)]);
    expect(one.total).toBe(3);

    const want = [id(0), id(1), id(3), id(5), id(7)];
    for (const q of ['subject=report&subject=reply', 'subject[]=report&subject[]=reply', 'subject=report,reply', 'subject=reply,report,reply', 'subject=report%2C%20reply']) {
      const p = await page(`dbId=${c.id}&${q}`);
      expect(ids(p), q).toEqual(want);
      expect(p.total, q).toBe(5);
      expect(new Set(p.result.map((e) => e.type)), q).toEqual(new Set(['report', 'reply']));
    }
    const desc = await page(`dbId=${c.id}&subject=report,reply&order=desc&limit=2&skip=1`);
    expect(ids(desc)).toEqual([id(5), id(3)]);
    expect(desc.total).toBe(5);
    const verdicts = await page(`personaId=${c.originPersonaId}&subject=judgement,verify`);
    expect(ids(verdicts)).toEqual([id(2), id(6), id(9)]);
    const all = await page(`userId=${c.originUserId}&limit=100`);
    expect(all.total).toBe(TYPES.length);
    expect(ids(all)).toEqual(TYPES.map((_, i) => id(i)));
  });

  it('answers 400 timeline.bad for an unknown subject, alone or in a list', async () => {
    const { c } = await caseWith(['report']);
    // The message names the subject that is wrong, by its place in the list.
    for (const [q, param] of [['subject=comment', 'subject.0'], ['subject=report,comment', 'subject.1'], ['subject=report&subject=nope', 'subject.1'], ['subject[]=REPLY', 'subject.0'], ['subject=,', 'subject']]) {
      expectInvalid(await get('', `dbId=${c.id}&${q}`), 'timeline.bad', param!);
    }
  });

  it('keeps hidden entries out of lists and totals for everyone but staff', async () => {
    const { c, id } = await caseWith(['report', 'reply', 'reply', 'judgement', 'reply'], [1, 3]);
    const visitor = await page(`dbId=${c.id}&subject=reply,judgement`);
    expect(ids(visitor)).toEqual([id(2), id(4)]);
    expect(visitor.total).toBe(2);
    expect(visitor.result.every((e) => !('valid' in e))).toBe(true);
    const { token: member } = await app.factories.signedIn();
    expect((await page(`dbId=${c.id}&subject=reply,judgement`, member)).total).toBe(2);
    const staffView = await page(`dbId=${c.id}&subject=reply,judgement`, staff);
    expect(ids(staffView)).toEqual([id(1), id(2), id(3), id(4)]);
    expect(staffView.total).toBe(4);
    expect(staffView.result.map((e) => e.valid)).toEqual([false, true, false, true]);
  });

  it('presents authors and quotes on a page, a hidden quote without its text', async () => {
    const { c, author, entries } = await caseWith(['report', 'reply'], [1]);
    const quoter = await insertUser(app, { privileges: ['normal', 'admin'] });
    const insertQuote = async (quoteId: number) =>
      (
        await app.services.db
          .insert(timeline)
          .values({ type: 'reply', playerId: c.id, toOriginUserId: c.originUserId, toOriginPersonaId: c.originPersonaId, toOriginName: c.originName, byUserId: quoter.id, content: '<p>quoting</p>', quoteId })
          .returning()
      )[0]!;
    const a = await insertQuote(entries[0]!.id);
    const b = await insertQuote(entries[1]!.id);
    const p = await page(`dbId=${c.id}&subject=reply`);
    expect(ids(p)).toEqual([a.id, b.id]);
    expect(p.result[0]).toMatchObject({
      byUserId: quoter.id,
      username: quoter.username,
      privilege: ['normal', 'admin'],
      toCommentId: entries[0]!.id,
      quote: { id: entries[0]!.id, type: 'report', byUserId: author.id, username: author.username, privilege: ['normal'], content: '<p>entry 0</p>' },
    });
    expect(p.result[1]).toMatchObject({ toCommentId: entries[1]!.id, quote: { id: entries[1]!.id, username: author.username, content: '' } });
    // The same entries as /timeline/item presents them.
    const item = await app.request.get(`/api/player/timeline/item?id=${a.id}`);
    expect(p.result[0]).toEqual(item.body.data);
  });

  it('gives the room sequence on every page, and the exact total past the last page', async () => {
    const { c } = await caseWith(['report', 'reply', 'reply']);
    const watcher = await app.socket();
    const joined = await joinRoom(watcher, `case:${c.id}`);
    if (!joined.ok) throw new Error('join refused');
    const first = await page(`dbId=${c.id}`);
    expect(first.lastSeq).toBe(joined.lastSeq);
    const past = await page(`dbId=${c.id}&skip=50&subject=reply`);
    expect(past).toEqual({ result: [], total: 2, lastSeq: joined.lastSeq });
    watcher.disconnect();
  });
});

describe('GET /api/player/timeline/position', () => {
  /** 45 entries: a report, then replies (odd indexes) and judgements (even) alternating; index 10 hidden. */
  const TYPES: Array<TimelineRow['type']> = ['report', ...Array.from({ length: 44 }, (_, i) => (i % 2 ? 'judgement' : 'reply') as TimelineRow['type'])];
  let fixture: Awaited<ReturnType<typeof caseWith>>;
  beforeAll(async () => {
    fixture = await caseWith(TYPES, [10]);
  });
  const at = async (query: string, token?: string) => {
    const res = await position(query, token);
    expectOk(res, 'timeline.position.ok');
    return res.body.data as { page: number; index: number; total: number };
  };

  it('finds the first, a middle and the last entry in either order', async () => {
    const { id } = fixture;
    // 44 visible entries (index 10 is hidden).
    expect(await at(`id=${id(0)}`)).toEqual({ page: 1, index: 0, total: 44 });
    expect(await at(`id=${id(44)}`)).toEqual({ page: 3, index: 43, total: 44 });
    expect(await at(`id=${id(25)}&limit=20`)).toEqual({ page: 2, index: 24, total: 44 });
    expect(await at(`id=${id(0)}&order=desc`)).toEqual({ page: 3, index: 43, total: 44 });
    expect(await at(`id=${id(44)}&order=desc`)).toEqual({ page: 1, index: 0, total: 44 });
    expect(await at(`id=${id(25)}&order=desc&limit=10`)).toEqual({ page: 2, index: 19, total: 44 });
    expect(await at(`id=${id(9)}&limit=5`)).toEqual({ page: 2, index: 9, total: 44 });
    expect(await at(`id=${id(11)}&limit=5`)).toEqual({ page: 3, index: 10, total: 44 });
  });

  it('agrees with the page the timeline lists the entry on', async () => {
    const { c, id } = fixture;
    for (const [i, q] of [[30, 'order=asc&limit=7&subject=reply,judgement'], [4, 'order=desc&limit=4&subject=judgement'], [44, 'order=desc&limit=20'], [0, 'limit=3&subject=report']] as const) {
      const p = await at(`id=${id(i)}&${q}`);
      const listed = await page(`dbId=${c.id}&${q}&skip=${(p.page - 1) * Number(/limit=(\d+)/.exec(q)![1])}`);
      expect(listed.result.map((e) => e.id), q).toContain(id(i));
      expect(listed.result.findIndex((e) => e.id === id(i)) + (p.page - 1) * Number(/limit=(\d+)/.exec(q)![1]), q).toBe(p.index);
      expect(listed.total, q).toBe(p.total);
    }
  });

  it('counts only the listed types, and does not find an entry of another type', async () => {
    const { id } = fixture;
    // Judgements are the even indexes from 2 on: 2, 4, ..., 44 (22 of them, 21 visible: 10 is hidden).
    expect(await at(`id=${id(2)}&subject=judgement`)).toEqual({ page: 1, index: 0, total: 21 });
    expect(await at(`id=${id(44)}&subject=judgement&limit=10`)).toEqual({ page: 3, index: 20, total: 21 });
    expect(await at(`id=${id(44)}&subject=judgement,report&order=desc`)).toEqual({ page: 1, index: 0, total: 22 });
    expect(await at(`id=${id(0)}&subject=judgement,report&order=desc`)).toEqual({ page: 2, index: 21, total: 22 });
    expectError(await position(`id=${id(1)}&subject=judgement`), 404, 'timeline.notFound');
  });

  it('finds hidden entries only for staff, who count them too', async () => {
    const { id } = fixture;
    expectError(await position(`id=${id(10)}`), 404, 'timeline.notFound');
    const { token: member } = await app.factories.signedIn();
    expectError(await position(`id=${id(10)}`, member), 404, 'timeline.notFound');
    expect(await at(`id=${id(10)}`, staff)).toEqual({ page: 1, index: 10, total: 45 });
    expect(await at(`id=${id(44)}`, staff)).toEqual({ page: 3, index: 44, total: 45 });
    expect(await at(`id=${id(11)}&limit=5`)).toEqual({ page: 3, index: 10, total: 44 });
    expect(await at(`id=${id(11)}&limit=5`, staff)).toEqual({ page: 3, index: 11, total: 45 });
  });

  it('checks the case key when one is given; unknown entries, hidden cases and bad input are refused', async () => {
    const { c, id } = fixture;
    expect(await at(`id=${id(5)}&dbId=${c.id}`)).toMatchObject({ index: 5 });
    expect(await at(`id=${id(5)}&personaId=${c.originPersonaId}`)).toMatchObject({ index: 5 });
    const other = await insertCase(app);
    expectError(await position(`id=${id(5)}&dbId=${other.id}`), 404, 'timeline.notFound');
    expectError(await position('id=2000000000'), 404, 'timeline.notFound');
    const hiddenCase = await caseWith(['report'], [], await insertCase(app, { valid: false }));
    expectError(await position(`id=${hiddenCase.id(0)}`, staff), 404, 'timeline.notFound');
    expectInvalid(await position('id=abc'), 'timeline.bad', 'id');
    expectInvalid(await position(''), 'timeline.bad', 'id');
    expectInvalid(await position(`id=${id(5)}&limit=101`), 'timeline.bad', 'limit');
    expectInvalid(await position(`id=${id(5)}&order=up`), 'timeline.bad', 'order');
    expectInvalid(await position(`id=${id(5)}&subject=nope`), 'timeline.bad', 'subject.0');
  });
});
