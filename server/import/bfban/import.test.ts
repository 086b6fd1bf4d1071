import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { describeWithMariadb } from '@server/test/needs';
import { sql } from 'drizzle-orm';
import type { Connection } from 'mysql2/promise';
import { openDatabase, type Db } from '@server/db/client';
import type { FeedItem, FeedPage } from '@shared/types/feed';
import { createTestApp, type TestApp } from '@server/test/harness';
import { expectError, expectOk, ISO_DATE } from '@server/test/expect';
import { tableDigests } from '@server/test/table-digest';
import { apiRoutes } from '@server/app';
import { createActors, fuzzRoute, newStats, routeName } from '@server/test/fuzz/engine';
import { createScratchDatabase, mariadbUnavailable, type ScratchDatabase } from '../../../bench/bfban/scratch-database';
import { END_MS, generateBfban, SMALL, START_MS, type Generated } from '../../../bench/bfban/generate';
import { localDatetime } from '../../../bench/bfban/random';
import { importBfban, type ImportOptions, type TableResult } from './run';
import { parseZone } from './zone';
import { sourceZone } from './command';
import { silentProgress } from './terminal';
import { NO_PASSWORD } from './map-users';
import { copyImportedFiles } from './files';
import { recountQuotas } from './finalize/quotas';
import { refusedCount } from './progress';
import { storedBytes } from '@server/infra/storage';

const unavailable = await mariadbUnavailable();

/** The tables an import writes, compared whole (the import's own bookkeeping and its admin-log line aside). */
const DOMAIN = ['players', 'name_history', 'users', 'subscriptions', 'user_achievements', 'timeline', 'messages', 'admin_log', 'files', 'media_quotas', 'case_counts', 'daily_stats', 'case_view_order'];
const NOT_STAMPED = { admin_log: `action <> 'importBfban'` };

/** Raw rows, with timestamps as dates whichever driver read them (PGlite gives their text). */
const asDate = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d+)?\+00$/.test(v) ? new Date(`${v.replace(' ', 'T').replace('+00', '')}Z`) : v);
const rowsOf = async <T = Record<string, unknown>>(db: Db, q: ReturnType<typeof sql>) =>
  ((await db.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, asDate(v)])) as T);
const one = async <T = Record<string, unknown>>(db: Db, q: ReturnType<typeof sql>) => (await rowsOf<T>(db, q))[0]!;
/** Cases whose row in `case_view_order` (written with triggers off, rebuilt at the end) differs from the case, or rows of no case. */
const viewOrderDrift = (db: Db) =>
  one<{ n: number }>(db, sql`select count(*)::int as n from players p full join case_view_order o on o.case_id = p.id
    where (o.status, o.valid, o.games, o.view_num) is distinct from (p.status, p.valid, p.games, p.view_num)`);

/** Every change of the ban-list feed after `since`, following `more` to the end. */
async function feedAfter(app: TestApp, since: string): Promise<{ items: FeedItem[]; cursor: string }> {
  const items: FeedItem[] = [];
  let cursor = since;
  for (;;) {
    const res = await app.request.get(`/api/feed/cases?since=${cursor}&limit=1000`);
    expectOk(res, 'feed.ok');
    const page = res.body.data as FeedPage;
    items.push(...page.items);
    cursor = page.cursor;
    if (!page.more) return { items, cursor };
  }
}
/** The feed's events written, numbered by the relay or not yet. */
const feedEventsWritten = async (db: Db) => (await one<{ n: number }>(db, sql`select count(*)::int as n from realtime_events where room = 'feed:cases'`)).n;

describeWithMariadb(unavailable, 'BFBAN import from MariaDB', { timeout: 240_000 }, () => {
  let source: ScratchDatabase;
  let mysql: Connection;
  let gen: Generated;
  let app: TestApp;
  /** The counts of the first import, done in one run. */
  let inOneRunCounts: TableResult[];
  const zone = parseZone('+08:00');
  const options = (extra: Partial<ImportOptions> = {}): ImportOptions => ({ from: source.url, zone, dryRun: false, since: null, batchSize: 250, ...extra });
  /** Every run of every database starts from the same first import instant, so their rows can be compared. */
  const FIRST_START = new Date('2025-11-02T00:00:00.000Z');
  const pinFirstStart = (db: Db) => db.execute(sql`insert into import_sources (source, first_start) values (${new URL(source.url).hostname + ':' + new URL(source.url).port + new URL(source.url).pathname}, ${FIRST_START.toISOString()}::timestamptz) on conflict do nothing`);

  beforeAll(async () => {
    source = await createScratchDatabase('bfban_test');
    mysql = await source.connect();
    gen = await generateBfban(mysql, { ...SMALL, withIntroduction: true });
    app = await createTestApp();
    await pinFirstStart(app.services.db);
    const result = await importBfban(app.services.db, options(), silentProgress);
    expect(result.stoppedEarly).toBe(false);
    inOneRunCounts = result.tables;
  });
  afterAll(async () => {
    await mysql?.end();
    await source?.drop();
    await app?.close();
  });

  it('maps cases, their times and every quirk of their columns', async () => {
    const db = app.services.db;
    const q = gen.quirks;
    const p = async (id: number) => one(db, sql`select * from players where id = ${id}`);
    // DATETIME values are the +08:00 wall clock: the first generated report opened case 1 at START_MS.
    expect(await one(db, sql`select id, create_time from timeline where id = 1`)).toEqual({ id: 1, create_time: new Date(START_MS) });
    expect(await p(q.player.invisible)).toMatchObject({ cheat_methods: ['invisable', 'aimbot'], origin_persona_id: q.playerIds.invisible.personaId, origin_user_id: q.playerIds.invisible.userId });
    expect((await p(q.player.stealth)).cheat_methods).toEqual(['invisable', 'oneShotKill']);
    expect((await p(q.player.unknownMethod)).cheat_methods).toEqual(['wallhack']);
    expect((await p(q.player.blocked)).avatar_link).toMatch(/#BLOCKED$/);
    expect((await p(q.player.zeroDate)).create_time).toEqual((await p(q.player.zeroDate)).update_time);
    expect((await p(q.player.noPersona)).origin_persona_id).toBe('');
    expect(await rowsOf(db, sql`select id from players where id = ${q.player.badStatus}`)).toEqual([]);
    // The case's appeal state is its newest appeal's, not the original's flag.
    expect(await p(q.player.appealOpenLegacy)).toMatchObject({ status: 9, appeal_status: 'unprocessed' });
    // Counts are recounted from the rows: the generator wrote 99 for every quirk case.
    const counted = await one<{ n: number }>(db, sql`select count(*)::int as n from timeline where player_id = ${q.player.invisible} and type in ('report', 'reply', 'judgement', 'banAppeal')`);
    expect((await p(q.player.invisible)).comments_num).toBe(counted.n);
    expect(counted.n).toBeGreaterThan(3);
  });

  it('tells the ban-list feed of every listed case it brought, in the order it wrote them, numbered once the relay saw them', async () => {
    const db = app.services.db;
    const listed = await rowsOf<{ id: number; status: number; origin_name: string; origin_persona_id: string; origin_user_id: string; games: string[]; hacker_level: number | null; update_time: Date }>(
      db,
      sql`select id, status, origin_name, origin_persona_id, origin_user_id, games, hacker_level, update_time from players where valid order by id`,
    );
    // The import runs beside the site: the relay's sweep numbers what it wrote.
    await expect.poll(async () => (await feedAfter(app, '0')).items.length, { timeout: 15_000 }).toBe(listed.length);
    const { items, cursor } = await feedAfter(app, '0');
    expect(items.map((i) => Number(i.cursor))).toEqual(items.map((_, k) => k + 1));
    expect(cursor).toBe(String(listed.length));
    expect(items).toEqual(
      listed.map((p, k) => ({
        cursor: String(k + 1),
        dbId: p.id,
        personaId: p.origin_persona_id,
        userId: p.origin_user_id,
        name: p.origin_name,
        games: p.games,
        status: p.status,
        previousStatus: null,
        hackerLevel: p.status === 1 ? p.hacker_level : null,
        changed: ['created'],
        at: p.update_time.toISOString(),
      })),
    );
    // The export of the list agrees, and continues from the same cursor.
    const exported = (await app.request.get('/api/feed/cases/export').buffer(true)).text.trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(exported[0]).toEqual({ cursor });
    expect(exported.slice(1, -1).map((c: { dbId: number; status: number }) => [c.dbId, c.status])).toEqual(listed.map((p) => [p.id, p.status]));
  });

  it('maps every kind of entry: verdicts, appeals (JSON strings sanitised), quotes, authors', async () => {
    const db = app.services.db;
    const c = gen.quirks.comment;
    const e = async (id: number) => one(db, sql`select * from timeline where id = ${id}`);
    expect(await e(c.trash)).toMatchObject({ type: 'judgement', judge_action: 'invalid' });
    const appeal = await e(c.appealJson);
    expect(appeal).toMatchObject({ type: 'banAppeal', appeal_status: 'unprocessed', viewed_admins: [1, 2, 3], player_id: gen.quirks.player.appealOpenLegacy });
    expect(appeal.content).toContain('I am innocent');
    expect(appeal.content).not.toMatch(/script|onerror/);
    expect(appeal.extra).toEqual({ appealType: 'moss', extendedLinks: { btrLink: 'https://battlefieldtracker.com/x', mossDownloadUrl: 'https://files.example/moss.zip' }, statusBefore: 1 });
    expect(await e(c.appealPlain)).toMatchObject({ content: 'plain old appeal text <b>bold</b>', extra: { appealType: 'none', extendedLinks: {}, statusBefore: 1 } });
    expect((await e(c.appealBadJson)).content).toBe('{"appealType":"moss","text":"cut off');
    // '' (lax SQL modes) is open; close is decided (no later verdict accepted it: failed); lock stays.
    expect((await e(c.appealEmptyStatus)).appeal_status).toBe('unprocessed');
    expect((await e(c.appealClose)).appeal_status).toBe('fail');
    expect((await e(c.appealLock)).appeal_status).toBe('lock');
    // Only appeals have a state: the column's default 'open' on other entries means nothing.
    expect((await e(c.reportOfInvisible)).appeal_status).toBeNull();
    expect(await e(c.reportOfInvisible)).toMatchObject({ cheat_game: 'bfv', cheat_methods: ['invisable'], by_user_id: gen.quirks.veteran.id });
    expect((await e(c.danglingAuthor)).by_user_id).toBeNull();
    expect((await e(c.danglingQuote)).quote_id).toBeNull();
    expect((await e(c.badCheatGame)).cheat_game).toBeNull();
    expect(await e(c.floorToken)).toMatchObject({ quote_id: c.reportOfInvisible, content: `<p>as said in {floor:${c.reportOfInvisible}}</p>` });
    expect(await rowsOf(db, sql`select id from timeline where id in (${c.unknownAction}, ${c.danglingPlayer})`)).toEqual([]);
    expect((await e(c.nulContent)).content).toBe('<p>NUL here::end</p>');
  });

  it('maps accounts: bcrypt kept, roles, attributes in the operator\'s zone, achievements and follows in their tables', async () => {
    const db = app.services.db;
    const u = gen.quirks.user;
    const user = async (id: number) => one(db, sql`select * from users where id = ${id}`);
    const veteran = await user(u.veteran);
    expect(veteran).toMatchObject({ username: 'Veteran_Sniper', valid: true, privileges: ['normal'], create_time: new Date(gen.quirks.time.instantMs) });
    expect(String(veteran.password_hash)).toMatch(/^\$2[ab]\$10\$/);
    expect((await user(u.deleted)).valid).toBe(false);
    expect(await user(u.blacklistedV1)).toMatchObject({ privileges: ['blacklisted'], attr: { freezeOfNoBinding: true } });
    expect((await user(u.freezed)).privileges).toEqual(['freezed']);
    const muted = await user(u.muted);
    expect(muted.attr).toMatchObject({ mute: '2030-01-01T04:00:00.000Z', allowDM: true, introduction: '<p>hi</p>' });
    expect((await user(u.badPrivilege)).privileges).toEqual(['admin']);
    expect((await user(u.duplicateBinding)).origin_user_id).toBeNull();
    expect((await user(u.noPassword)).password_hash).toBe(NO_PASSWORD);
    expect((await user(u.introduction)).attr).toMatchObject({ introduction: '<p>From the old column</p>' });
    expect((await user(u.nulIntroduction)).attr).toMatchObject({ introduction: '<p>ab</p>' });
    expect(await rowsOf(db, sql`select achievement_id from user_achievements where user_id = ${u.achievements} order by 1`)).toEqual([{ achievement_id: 'app_use_mobile' }, { achievement_id: 'one_search_player' }]);
    expect(await rowsOf(db, sql`select player_id from subscriptions where user_id = ${u.danglingSubscribes} order by 1`)).toEqual([{ player_id: 1 }, { player_id: 2 }]);
    // Ids stay: a new account starts above them.
    const fresh = await app.factories.createUser();
    expect(fresh.id).toBeGreaterThan(u.introduction);
  });

  it('maps messages, the cut operation log, files, quotas and name history', async () => {
    const db = app.services.db;
    const q = gen.quirks;
    const m = async (id: number) => one(db, sql`select * from messages where id = ${id}`);
    expect(await m(q.message.appealNotice)).toMatchObject({ type: 'banAppeal', to_user_id: null, player_id: q.player.appealOpenLegacy });
    expect((await m(q.message.command)).type).toBe('command');
    expect(await m(q.message.feedback)).toMatchObject({ type: 'toAdmins', by_user_id: q.veteran.id, content: 'The search is slow' });
    expect(await m(q.message.broadcast)).toMatchObject({ type: 'toAll', to_user_id: null, have_read: true });
    expect(await rowsOf(db, sql`select id from messages where id in (${q.message.unknownType}, ${q.message.danglingRecipient})`)).toEqual([]);
    const log = async (id: number) => one(db, sql`select * from admin_log where id = ${id}`);
    expect(await log(q.operation.truncatedBind)).toMatchObject({ actor_id: 1, action: 'transferBindData', target_user_id: q.user.duplicateBinding, detail: { truncated: true, otherId: '12345678901234567', role: 'bind_transfer' } });
    expect(await log(q.operation.badActor)).toMatchObject({ actor_id: 0, target_user_id: q.veteran.id });
    expect(await log(q.operation.commentEdit)).toMatchObject({ action: 'setCommentAndThenSom', target_case_id: q.player.invisible, target_user_id: null, detail: { truncated: true } });
    const file = await one(db, sql`select * from files where id = ${q.storage.image}`);
    expect(file).toMatchObject({ name: '2024-05-27_0badc0de-0000-4000-8000-00000000aaaa.png', by_user_id: q.veteran.id, kind: 'image', mime_type: 'image/png', details: { importedFrom: { fileId: '01IMG', copied: false } } });
    expect(await rowsOf(db, sql`select id from files where id in (${q.storage.danglingOwner}, ${q.storage.badName}, ${q.storage.duplicateName})`)).toEqual([]);
    // Storage held is counted from the files (the original said 999,999); today's counters carry over.
    expect(await one(db, sql`select total_bytes, day_bytes, day_files from media_quotas where user_id = ${q.veteran.id}`)).toEqual({ total_bytes: 1234 + 2345, day_bytes: 3579, day_files: 2 });
    const names = await rowsOf<{ origin_name: string; from_time: Date; to_time: Date }>(db, sql`select origin_name, from_time, to_time from name_history where player_id = ${q.player.invisible} order by origin_name`);
    expect(names.map((n) => n.origin_name)).toEqual(['Quirk_invisible', 'Quirk_old_name']);
    // Two runs of the same name (v1's merged logs) are one, over both.
    const T = q.time.instantMs;
    expect(names[0]).toMatchObject({ from_time: new Date(T - 5000), to_time: new Date(T + 9000) });
    expect(await rowsOf(db, sql`select id from name_history where origin_name = 'Nobody_Here'`)).toEqual([]);
  });

  it('places rows without a time (zero dates, NULL) after the row before them, and reports each', async () => {
    const db = app.services.db;
    const q = gen.quirks;
    const T = q.time.instantMs;
    const timeOf = async (table: string, id: number) => (await one<{ create_time: Date }>(db, sql`select create_time from ${sql.identifier(table)} where id = ${id}`)).create_time;
    // After the entry before it in its case (nulContent, T + 14 s): the same time, a higher id.
    expect(await timeOf('timeline', q.comment.undatedReply)).toEqual(new Date(T + 14_000));
    // The first entry of a case whose creation is a zero date: the case's time (its last update, as the case took).
    expect(await timeOf('timeline', q.comment.undatedFirst)).toEqual((await one(db, sql`select create_time from players where id = ${q.player.zeroDate}`)).create_time);
    expect(await timeOf('timeline', q.comment.undatedFirst)).toEqual(new Date(T + 3_600_000));
    expect(await timeOf('messages', q.message.undated)).toEqual(new Date(T));
    expect(await timeOf('admin_log', q.operation.undated)).toEqual(new Date(T));
    expect(await one(db, sql`select from_time, to_time from name_history where origin_name = 'Quirk_stealth_before'`)).toEqual({ from_time: new Date(T), to_time: new Date(T) });
    // In the global timeline (time, then id) the placed entry follows the one it was placed after.
    const around = await rowsOf<{ id: number }>(db, sql`select id from timeline where create_time = ${new Date(T + 14_000).toISOString()}::timestamptz order by create_time, id`);
    expect(around.map((r) => r.id)).toEqual([q.comment.nulContent, q.comment.undatedReply]);
    const issues = await rowsOf<{ table_name: string; row_key: string; column_name: string; value: string | null; why: string; refused: boolean }>(db, sql`select * from import_issues where why like 'no time:%' order by table_name, row_key`);
    expect(issues.map((i) => [i.table_name, Number(i.row_key), i.column_name, i.value, i.refused])).toEqual([
      ['comments', q.comment.undatedReply, 'createTime', '0000-00-00 00:00:00', false],
      ['comments', q.comment.undatedFirst, 'createTime', null, false],
      ['messages', q.message.undated, 'createTime', '0000-00-00 00:00:00', false],
      ['name_logs', q.nameLog.undated, 'fromTime', '0000-00-00 00:00:00', false],
      ['operation_log', q.operation.undated, 'createTime', null, false],
    ]);
    expect(issues[0]!.why).toBe(`no time: placed at the time of entry #${q.comment.nulContent} before it in its case`);
    expect(issues[1]!.why).toBe('no time: placed at the time of its case, no entry before it has one');
  });

  it('recounts statistics from the rows and records the import as one admin-log line', async () => {
    const db = app.services.db;
    const cases = await one<{ n: number }>(db, sql`select count(*)::int as n from players where valid`);
    expect(await one(db, sql`select sum(count)::int as n from case_counts where game = '*'`)).toEqual({ n: cases.n });
    expect(await viewOrderDrift(db)).toEqual({ n: 0 });
    const totals = await one(db, sql`select sum(players)::int as players, sum(users)::int as users, sum(reports)::int as reports, sum(replies)::int as replies from daily_stats`);
    expect(totals).toEqual({
      players: cases.n,
      users: (await one<{ n: number }>(db, sql`select count(*)::int as n from users`)).n,
      reports: (await one<{ n: number }>(db, sql`select count(*)::int as n from timeline where type = 'report'`)).n,
      replies: (await one<{ n: number }>(db, sql`select count(*)::int as n from timeline where type = 'reply'`)).n,
    });
    const res = await app.request.get('/api/statistics?players=1&reports=1&from=0');
    expectOk(res, 'statistics.ok');
    expect(res.body.data).toEqual({ players: cases.n, reports: totals.reports });
    const entries = await rowsOf(db, sql`select actor_id, detail from admin_log where action = 'importBfban'`);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor_id: 0, detail: { passes: [{ since: null, refused: 9 }] } });
  });

  it('lists what it could not map: refused rows, adjusted values, skipped names, each with table, id, column, value and why', async () => {
    const db = app.services.db;
    const q = gen.quirks;
    const issues = await rowsOf<{ table_name: string; row_key: string; column_name: string; value: string | null; why: string; refused: boolean }>(db, sql`select * from import_issues`);
    const find = (table: string, key: number, column: string) => issues.find((i) => i.table_name === table && i.row_key === String(key) && i.column_name === column);
    expect(find('players', q.player.badStatus, 'status')).toMatchObject({ value: '42', refused: true });
    expect(find('comments', q.comment.unknownAction, 'judgeAction')).toMatchObject({ value: 'frobnicate', refused: true });
    expect(find('comments', q.comment.danglingPlayer, 'toPlayerId')).toMatchObject({ refused: true });
    expect(find('comments', q.comment.appealBadJson, 'content')).toMatchObject({ refused: false, why: expect.stringContaining('JSON') });
    expect(find('messages', q.message.unknownType, 'type')).toMatchObject({ value: 'carrierPigeon', refused: true });
    expect(find('messages', q.message.danglingRecipient, 'toUserId')).toMatchObject({ refused: true });
    expect(find('storage_items', q.storage.badName, 'filename')).toMatchObject({ value: '../../etc/passwd', refused: true });
    expect(find('users', q.user.achievements, 'attr.achievements')).toMatchObject({ value: 'made_up_badge', refused: false });
    expect(find('name_logs', q.nameLog.orphan, 'originUserId')).toMatchObject({ refused: false, why: expect.stringContaining('no case') });
    expect(find('comments', q.comment.nulContent, 'content')).toMatchObject({ value: '<p>NUL here:\\0:end</p>', refused: false, why: expect.stringContaining('NUL') });
    expect(find('users', q.user.nulIntroduction, 'attr')).toMatchObject({ refused: false, why: expect.stringContaining('NUL') });
    expect(find('users', q.user.nulIntroduction, 'introduction')).toMatchObject({ value: 'x\\0y', refused: false });
    expect(find('storage_items', q.storage.duplicateName, 'filename')).toMatchObject({ refused: true, why: expect.stringContaining(`file #${q.storage.image}`) });
    expect(issues.filter((i) => i.refused)).toHaveLength(10);
    // The summary's count of refused rows is the tables' counts added up, a row refused for two reasons once.
    const perTable = await one<{ n: number }>(db, sql`select sum(rows_refused)::int as n from import_progress`);
    expect(await refusedCount(db, new URL(source.url).hostname + ':' + new URL(source.url).port + new URL(source.url).pathname)).toBe(perTable.n);
    // What came after a refused row came in.
    expect(await rowsOf(db, sql`select id from timeline where id = ${q.comment.danglingAuthor}`)).toHaveLength(1);
  });

  it('keeps old links working: /player/<personaId>, /cheaters/<originUserId> (userId), dbId, floors, historic names', async () => {
    const q = gen.quirks;
    for (const query of [`personaId=${q.playerIds.invisible.personaId}`, `userId=${q.playerIds.invisible.userId}`, `dbId=${q.player.invisible}`]) {
      const res = await app.request.get(`/api/player?${query}&history=true`);
      expectOk(res, 'player.ok');
      expect(res.body.data).toMatchObject({ id: q.player.invisible, originPersonaId: q.playerIds.invisible.personaId, originUserId: q.playerIds.invisible.userId, cheatMethods: ['invisable', 'aimbot'] });
      expect(res.body.data.createTime).toMatch(ISO_DATE);
      expect(res.body.data.history.map((h: { originName: string }) => h.originName).sort()).toEqual(['Quirk_invisible', 'Quirk_old_name']);
    }
    const timeline = await app.request.get(`/api/player/timeline?dbId=${q.player.invisible}&limit=100`);
    expectOk(timeline, 'timeline.ok');
    const floor = timeline.body.data.result.find((e: { id: number }) => e.id === q.comment.floorToken);
    expect(floor).toMatchObject({ toCommentId: q.comment.reportOfInvisible, content: { text: `<p>as said in {floor:${q.comment.reportOfInvisible}}</p>` } });
    const item = await app.request.get(`/api/player/timeline/item?id=${q.comment.reportOfInvisible}`);
    expectOk(item, 'timeline.item.ok');
    const search = await app.request.get('/api/search?type=player&param=Quirk_old_name');
    expectOk(search, 'search.success');
    expect(search.body.data.map((d: { dbId: number }) => d.dbId)).toContain(q.player.invisible);
    const profile = await app.request.get(`/api/user/info?id=${q.veteran.id}`);
    expectOk(profile, 'userInfo.success');
    expect(profile.body.data).toMatchObject({ id: q.veteran.id, username: 'Veteran_Sniper', attr: { achievements: { old_user: expect.any(Number) } } });
  });

  it('changes nothing when run again, or when a --since pass finds nothing new', async () => {
    const db = app.services.db;
    const before = await tableDigests(db, DOMAIN, NOT_STAMPED);
    const told = await feedEventsWritten(db);
    const again = await importBfban(db, options(), silentProgress);
    expect(again.tables.every((t) => t.read === 0 && t.written === 0)).toBe(true);
    const since = await importBfban(db, options({ since: new Date(END_MS + 86_400_000) }), silentProgress);
    expect(since.tables.filter((t) => t.written > 0)).toEqual([]);
    expect(await tableDigests(db, DOMAIN, NOT_STAMPED)).toEqual(before);
    // Nothing changed: the feed is told nothing.
    expect(await feedEventsWritten(db)).toBe(told);
    expect(await rowsOf(db, sql`select id from admin_log where action = 'importBfban'`)).toHaveLength(1);
  });

  it('signs a member in with the password of the old site, and replaces its bcrypt hash with argon2id', async () => {
    const v = gen.quirks.veteran;
    const token = await app.factories.signIn({ username: v.username, password: v.password });
    expect(token).toBeTruthy();
    const row = await app.factories.userRow(v.id);
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    await expect(app.factories.signIn({ username: v.username, password: 'wrong-password-1' })).rejects.toThrow(/401/);
    expect(await app.factories.signIn({ username: v.username, password: v.password })).toBeTruthy();
  });

  it('gives the same database when killed half-way and started again as in one run', async () => {
    const other = await createTestApp();
    try {
      await pinFirstStart(other.services.db);
      const cut = await importBfban(other.services.db, options({ stopAfterBatches: 5 }), silentProgress);
      expect(cut.stoppedEarly).toBe(true);
      const written = await one<{ n: number }>(other.services.db, sql`select count(*)::int as n from timeline`);
      expect(written.n).toBeLessThan(gen.counts.comments!);
      const resumed = await importBfban(other.services.db, options(), silentProgress);
      // Its counts are the pass's, both runs', as the import done in one run counted: a table the first run finished too.
      const withoutEarlier = (tables: TableResult[]) => tables.map(({ earlier: _, ...t }) => t);
      expect(withoutEarlier(resumed.tables)).toEqual(withoutEarlier(inOneRunCounts));
      expect(resumed.tables.find((t) => t.table === 'players')).toMatchObject({ earlier: inOneRunCounts.find((t) => t.table === 'players')!.read });
      expect(resumed.tables.find((t) => t.table === 'comments')!.earlier).toBeGreaterThan(0);
      // The first database got a member and a sign-in since: compare the imported rows.
      const imported = { ...NOT_STAMPED, users: `id <= ${gen.quirks.user.introduction}` };
      const tables = DOMAIN.filter((t) => !['users', 'daily_stats'].includes(t));
      expect(await tableDigests(other.services.db, tables, imported)).toEqual(await tableDigests(app.services.db, tables, imported));
      // The admin log's line counts what both runs wrote, as the line of the import done in one run.
      const passOf = async (db: Db) => (await one<{ detail: { passes: Array<{ written: Record<string, number>; refused: number }> } }>(db, sql`select detail from admin_log where action = 'importBfban'`)).detail.passes[0]!;
      const [cutAndResumed, inOneRun] = [await passOf(other.services.db), await passOf(app.services.db)];
      expect(cutAndResumed.written.comments).toBeGreaterThan(0);
      expect(cutAndResumed).toMatchObject({ written: inOneRun.written, refused: inOneRun.refused });
    } finally {
      await other.close();
    }
  });

  it('brings over with --since what changed on the old site: edits, new entries, status changes, staff edits', async () => {
    const db = app.services.db;
    const q = gen.quirks;
    const later = END_MS + 2 * 86_400_000;
    const wall = localDatetime(later, 8 * 60);
    const target = q.player.unknownMethod;
    await mysql.query(`INSERT INTO comments (type, toPlayerId, toOriginUserId, toOriginPersonaId, toOriginName, byUserId, createTime, content, cheatMethods, judgeAction, viewedAdmins) VALUES ('judgement', ?, ?, ?, 'x', 1, ?, '<p>kill</p>', '["aimbot"]', 'innocent', '[]')`, [target, '1', '1', wall]);
    await mysql.query(`UPDATE players SET status = 3, cheatMethods = '[]', updateTime = ? WHERE id = ?`, [wall, target]);
    await mysql.query(`UPDATE comments SET content = '<p>edited by staff</p>' WHERE id = 5`);
    const [[edited]] = (await mysql.query(`SELECT toPlayerId FROM comments WHERE id = 5`)) as unknown as [[{ toPlayerId: number }]];
    await mysql.query(`INSERT INTO operation_log (createTime, byUserId, toUserId, action, role) VALUES (?, '1', ?, 'setComment', 'comment')`, [new Date(later).toISOString().slice(0, 19).replace('T', ' '), String(edited.toPlayerId)]);
    await mysql.query(`UPDATE users SET privilege = '["admin"]' WHERE id = ?`, [q.user.freezed]);
    const countsBefore = await one<{ n: number }>(db, sql`select sum(count)::int as n from case_counts where game = '*' and status = 3`);
    const was = await one<{ status: number; origin_name: string }>(db, sql`select status, origin_name from players where id = ${target}`);
    const { cursor: head } = await feedAfter(app, '0');

    const result = await importBfban(db, options({ since: new Date(END_MS + 86_400_000) }), silentProgress);
    expect(result.refused).toBe(0);
    expect(await one(db, sql`select status, cheat_methods, comments_num from players where id = ${target}`)).toMatchObject({ status: 3, cheat_methods: [] });
    expect(await rowsOf(db, sql`select judge_action from timeline where player_id = ${target} and create_time = ${new Date(later).toISOString()}::timestamptz`)).toEqual([{ judge_action: 'innocent' }]);
    expect((await one(db, sql`select content from timeline where id = 5`)).content).toBe('<p>edited by staff</p>');
    expect((await one(db, sql`select privileges from users where id = ${q.user.freezed}`)).privileges).toEqual(['admin']);
    expect(await one(db, sql`select sum(count)::int as n from case_counts where game = '*' and status = 3`)).toEqual({ n: countsBefore.n + 1 });
    expect(await viewOrderDrift(db)).toEqual({ n: 0 });
    // The status change reaches the feed as one made here would, after the cursor a tool held.
    await expect.poll(async () => (await feedAfter(app, head)).items.length, { timeout: 15_000 }).toBeGreaterThan(0);
    const { items } = await feedAfter(app, head);
    expect(items).toEqual([
      expect.objectContaining({ cursor: String(Number(head) + 1), dbId: target, name: was.origin_name, status: 3, previousStatus: was.status, changed: ['status'], at: new Date(later).toISOString() }),
    ]);
    const entries = await rowsOf<{ detail: { passes: unknown[] } }>(db, sql`select detail from admin_log where action = 'importBfban'`);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.detail.passes).toHaveLength(2);
  });

  it('leaves an imported site that passes the API contract checks on its read routes (never a 5xx, every refusal in the envelope)', async () => {
    const target = { url: app.url, services: app.services, secret: 'tribunal-test-secret-0123456789abcdef', freshAccount: () => app.directory.freshAccount(), errorLogs: [] };
    const actors = await createActors(app.services, target.freshAccount);
    const stats = newStats();
    for (const route of apiRoutes.filter((r) => r.method === 'get')) {
      const report = await fuzzRoute(target, actors, route, { seed: 53, runs: 3, stats });
      expect(report.failure, `${routeName(route)} ${JSON.stringify(report.failure)?.slice(0, 800)}`).toBeNull();
    }
  });

  it('serves a file whose bytes were not copied by a redirect to its link, or answers file.notCopied', async () => {
    const q = gen.quirks;
    const linked = await app.request.get('/api/service/file?filename=2024-05-27_0badc0de-0000-4000-8000-00000000dddd.png');
    expect(linked.status).toBe(302);
    expect(linked.headers.location).toBe('https://files.example/old/dddd.png');
    expect(linked.headers['cache-control']).toBe('no-store');
    for (const size of ['', '&size=thumb']) {
      const held = await app.request.get(`/api/service/file?filename=2024-05-27_0badc0de-0000-4000-8000-00000000aaaa.png${size}`);
      expectError(held, 404, 'file.notCopied');
    }
    // Its details still answer, as for every file.
    const explained = await app.request.get('/api/service/file?filename=2024-05-27_0badc0de-0000-4000-8000-00000000aaaa.png&explain=true');
    expectOk(explained, 'file.ok');
    expect(await one(app.services.db, sql`select details from files where id = ${q.storage.linked}`)).toMatchObject({ details: { importedFrom: { fileId: 'https://files.example/old/dddd.png', copied: false } } });
  });

  it('copies files in with --files: checked from their bytes, images re-encoded by the image job, storage counted', async () => {
    const db = app.services.db;
    const q = gen.quirks;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bfban-files-'));
    try {
      const sharp = (await import('sharp')).default;
      // A photo with EXIF (a camera and where it was taken): the copy must not keep it.
      const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c04' } }).png().withExif({ IFD0: { Make: 'OldSiteCam' } }).toBuffer();
      fs.writeFileSync(path.join(dir, '2024-05-27_0badc0de-0000-4000-8000-00000000aaaa.png'), png);
      const result = await copyImportedFiles(app.services, dir, silentProgress);
      await recountQuotas(db);
      expect(result.copied).toBe(1);
      // The archive's bytes are not there: listed, not failed.
      expect(result.failed.map((f) => f.key)).toContain(String(q.storage.archive));
      const row = await one(db, sql`select state, size, details from files where id = ${q.storage.image}`);
      expect(row).toMatchObject({ state: 'ready', details: { importedFrom: { fileId: '01IMG', copied: true }, width: 40, height: 30 } });
      const stored = (await storedBytes(app.services.storage, '2024-05-27_0badc0de-0000-4000-8000-00000000aaaa.png'))!;
      expect((await sharp(stored).metadata()).exif).toBeUndefined();
      expect((await one(db, sql`select total_bytes from media_quotas where user_id = ${q.veteran.id}`)).total_bytes).toBe(Number(row.size) + 2345);
      const served = await app.request.get('/api/service/file?filename=2024-05-27_0badc0de-0000-4000-8000-00000000aaaa.png');
      expect(served.status).toBe(200);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("reads the source server's own zone when --time-zone is not given", async () => {
    const [[server]] = (await mysql.query(`SELECT TIMESTAMPDIFF(MINUTE, UTC_TIMESTAMP(), NOW()) AS m`)) as unknown as [[{ m: number }]];
    const m = Number(server.m);
    const abs = Math.abs(m);
    expect((await sourceZone(source.url)).name).toBe(`${m < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`);
  });

  it('as a command: a dry run reads everything, writes nothing, prints the report and exits 1 when rows would be refused', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bfban-cli-'));
    try {
      const root = path.resolve(import.meta.dirname, '../../..');
      const env: Record<string, string | undefined> = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: undefined, REDIS_URL: undefined, SECRET: 'cli-test-secret-0123456789abcdef' };
      // The CLI as an operator runs it (`npm run cli`: bin/cli.js runs the bundle, which the tests'
      // global setup rebuilds when a source is newer), as server/cli.test.ts does; embedded, its data
      // directory starts as a copy of the migrated test database, as a server's first start would have
      // left it, instead of each process compiling the sources with tsx and the first migrating anew.
      const dump = inject('pgliteDump');
      if (dump) await (await openDatabase({ dataDir: path.join(dataDir, 'pg'), loadDataDir: new Blob([fs.readFileSync(dump)]) })).close();
      const cli = path.join(root, 'bin/cli.js');
      const run = promisify(execFile);
      const failed = await run(process.execPath, [cli, 'import-bfban', '--from', source.url, '--time-zone', '+08:00', '--dry-run'], { cwd: root, env }).then(
        () => null,
        (e: { code: number; stdout: string }) => e,
      );
      expect(failed?.code).toBe(1);
      expect(failed?.stdout).toMatch(/REFUSED players\.status: not a case status/);
      expect(failed?.stdout).toMatch(/REFUSED storage_items\.filename: also the name of file #/);
      // What the real run would change is in the dry run's report too.
      expect(failed?.stdout).toMatch(/kept {4}comments\.content: NUL characters removed/);
      expect(failed?.stdout).toMatch(/dry run ended with \d+ refused rows/);
      expect(fs.readFileSync(path.join(dataDir, 'bfban-import-report-dry-run.csv'), 'utf8')).toMatch(/^table,id,column,value,why,refused\n/);
      const list = await run(process.execPath, [cli, 'list'], { cwd: root, env });
      expect(list.stdout.trim()).toBe('');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
