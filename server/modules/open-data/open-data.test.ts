import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { LIMITS } from '@shared/limits';
import { dataDumps, players } from '@server/db/schema';
import { createTestApp, type TestApp } from '@server/test/harness';
import { expectError, expectInvalid, expectOk } from '@server/test/expect';
import { openCase, report } from '@server/test/cases';
import { dumpDay, makeDailyDump, pruneOldDumps } from './produce';
import { CSV_COLUMNS } from './csv';

let app: TestApp;
let bot: { token: string; user: { username: string } };
beforeAll(async () => {
  app = await createTestApp();
  bot = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
});
afterAll(async () => {
  await app?.close();
});

const DAY_MS = 24 * 3600_000;
const download = (url: string) =>
  app.request
    .get(url)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });

/** Splits RFC 4180 CSV (quoted fields may hold commas, quotes and line breaks) into rows of fields. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') row.push(field), (field = '');
    else if (ch === '\r' && text[i + 1] === '\n') row.push(field), rows.push(row), (row = []), (field = ''), i++;
    else field += ch;
  }
  return rows;
}

describe('open data', () => {
  it('the day’s dump holds every listed case with its verdicts and names, as NDJSON and CSV with a schema, each file as its SHA-256 says', async () => {
    const judged = await openCase(app, bot.token);
    const renamed = { ...judged.account, name: `${judged.account.name}_v2` };
    app.directory.add(renamed);
    expectOk(await report(app, bot.token, renamed, { description: '<p>same player, "new, name"</p>' }), 'report.success');
    const { token: judge } = await app.factories.signedIn({ privileges: ['admin'] });
    expectOk(
      await app.request.post('/api/player/judgement').set('x-access-token', judge).send({ data: { toPlayerId: judged.dbId, action: 'discuss', content: '<p>Looked at the whole video, need more.</p>' } }),
      'judgement.success',
    );
    const plain = await openCase(app, bot.token);
    const hidden = await openCase(app, bot.token);
    await app.services.db.update(players).set({ valid: false }).where(eq(players.id, hidden.dbId));

    // A day of its own: the scheduled job may already have made today's (BullMQ runs a repeat at once).
    const now = new Date(Date.now() + 3 * DAY_MS);
    const made = await makeDailyDump(app.services, now);
    expect(made).toMatchObject({ day: dumpDay(now) });
    // One a day: a second run the same day leaves it.
    expect(await makeDailyDump(app.services, now)).toBeNull();

    const list = await app.request.get('/api/dumps');
    expectOk(list, 'dumps.ok');
    const dump = list.body.data[0];
    expect(dump).toMatchObject({ day: dumpDay(now), cases: made!.cases });
    expect(dump.files.map((f: { kind: string }) => f.kind)).toEqual(['ndjson', 'csv', 'schema']);
    const bodies: Record<string, Buffer> = {};
    for (const f of dump.files) {
      const res = await download(f.url);
      expect(res.status).toBe(200);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${f.fileName}"`);
      expect(res.body.length).toBe(f.bytes);
      expect(crypto.createHash('sha256').update(res.body).digest('hex')).toBe(f.sha256);
      bodies[f.kind] = res.body;
    }

    const lines = zlib.gunzipSync(bodies.ndjson!).toString('utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toHaveLength(made!.cases);
    expect(lines.map((c) => c.dbId)).toEqual([...lines.map((c) => c.dbId)].sort((a, b) => a - b));
    const ids = lines.map((c) => c.dbId);
    expect(ids).toContain(plain.dbId);
    expect(ids).not.toContain(hidden.dbId);
    const one = lines.find((c) => c.dbId === judged.dbId);
    expect(one).toMatchObject({ personaId: judged.account.personaId, name: renamed.name, verdicts: { discuss: 1 } });
    expect(one.names.map((n: { name: string }) => n.name).sort()).toEqual([judged.account.name, renamed.name].sort());

    const rows = parseCsv(zlib.gunzipSync(bodies.csv!).toString('utf8'));
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    expect(rows).toHaveLength(made!.cases + 1);
    const csvOne = rows.find((r) => r[0] === String(judged.dbId))!;
    expect(csvOne[CSV_COLUMNS.indexOf('name')]).toBe(renamed.name);
    expect(csvOne[CSV_COLUMNS.indexOf('verdicts.discuss')]).toBe('1');
    expect(JSON.parse(csvOne[CSV_COLUMNS.indexOf('names')]!)).toHaveLength(2);

    const schema = JSON.parse(bodies.schema!.toString('utf8'));
    expect(Object.keys(schema.fields)).toEqual(Object.keys(one));
    expect(schema.csvColumns.map((c: { column: string }) => c.column)).toEqual([...CSV_COLUMNS]);
    expect(schema.csvColumns.every((c: { meaning?: string }) => !!c.meaning)).toBe(true);

    // Public case data only: nothing names the members who reported or judged.
    for (const text of [zlib.gunzipSync(bodies.ndjson!).toString('utf8'), zlib.gunzipSync(bodies.csv!).toString('utf8')]) {
      expect(text).not.toContain(bot.user.username);
      expect(text).not.toContain('Looked at the whole video');
    }
  });

  it(`dumps older than ${LIMITS.dumpKeepDays} days are deleted with their files`, async () => {
    const now = new Date();
    const old = (await makeDailyDump(app.services, new Date(now.getTime() - (LIMITS.dumpKeepDays + 1) * DAY_MS)))!;
    const kept = (await makeDailyDump(app.services, new Date(now.getTime() - (LIMITS.dumpKeepDays - 1) * DAY_MS)))!;
    expect(await Promise.all(old.files.map((f) => app.services.storage.stat(f.name)))).not.toContain(null);
    expect(await pruneOldDumps(app.services, now)).toBe(1);
    expect(await Promise.all(old.files.map((f) => app.services.storage.stat(f.name)))).toEqual(old.files.map(() => null));
    expect(await Promise.all(kept.files.map((f) => app.services.storage.stat(f.name)))).not.toContain(null);
    expectError(await app.request.get(`/api/dumps/file?day=${old.day}&kind=csv`), 404, 'dumps.notFound');
    expect((await download(`/api/dumps/file?day=${kept.day}&kind=csv`)).status).toBe(200);
    expectInvalid(await app.request.get('/api/dumps/file?day=yesterday&kind=csv'), 'dumps.bad', 'day');
    expectInvalid(await app.request.get(`/api/dumps/file?day=${kept.day}&kind=sql`), 'dumps.bad', 'kind');
    await app.services.db.delete(dataDumps).where(eq(dataDumps.id, kept.id));
  });

  it('the scheduled job makes the day’s dump', async () => {
    await app.services.db.delete(dataDumps);
    await app.services.jobs.enqueue('openData.dump', {});
    await expect.poll(async () => (await app.services.db.select({ day: dataDumps.day }).from(dataDumps)).map((d) => d.day), { timeout: 15_000 }).toEqual([dumpDay(new Date())]);
  });
});
