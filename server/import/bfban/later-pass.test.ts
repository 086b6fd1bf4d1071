import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithMariadb } from '@server/test/needs';
import { sql } from 'drizzle-orm';
import type { Connection } from 'mysql2/promise';
import type { Db } from '@server/db/client';
import { roomOf } from '@shared/socket';
import type { ActivityItem, TimelineEntry } from '@shared/types/cases';
import { inTransaction } from '@server/db/outbox';
import { collectEvents, createTestApp, joinRoom, type TestApp } from '@server/test/harness';
import { openCase } from '@server/test/cases';
import { tableDigests } from '@server/test/table-digest';
import { createScratchDatabase, mariadbUnavailable, type ScratchDatabase } from '../../../bench/bfban/scratch-database';
import { END_MS, generateBfban, SMALL, type Generated } from '../../../bench/bfban/generate';
import { localDatetime } from '../../../bench/bfban/random';
import { importBfban, type ImportOptions } from './run';
import { parseZone } from './zone';
import { silentProgress } from './terminal';
import { NO_PASSWORD } from './map-users';

const unavailable = await mariadbUnavailable();

const rowsOf = async <T = Record<string, unknown>>(db: Db, q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: T[] }).rows;
const one = async <T = Record<string, unknown>>(db: Db, q: ReturnType<typeof sql>) => (await rowsOf<T>(db, q))[0]!;
const indexesOf = (db: Db) => rowsOf<{ indexname: string; indexdef: string }>(db, sql`select indexname, indexdef from pg_indexes where schemaname = current_schema() order by indexname`);
const siteFrom = async (db: Db, table: string) => Number((await one<{ site_from: number | string }>(db, sql`select site_from from import_progress where table_name = ${table}`)).site_from);

describeWithMariadb(unavailable, 'BFBAN import, later passes', { timeout: 240_000 }, () => {
  let source: ScratchDatabase;
  let mysql: Connection;
  let gen: Generated;
  let app: TestApp;
  let indexesBefore: Awaited<ReturnType<typeof indexesOf>>;
  const zone = parseZone('+08:00');
  const options = (extra: Partial<ImportOptions> = {}): ImportOptions => ({ from: source.url, zone, dryRun: false, since: null, batchSize: 300, ...extra });
  const since = (extra: Partial<ImportOptions> = {}) => importBfban(app.services.db, options({ since: new Date(END_MS + 86_400_000), ...extra }), silentProgress);
  const wall = (days: number) => localDatetime(END_MS + days * 86_400_000, 8 * 60);
  const newComment = async (playerId: number, text: string) => {
    const [res] = await mysql.query(`INSERT INTO comments (type, toPlayerId, byUserId, createTime, content, viewedAdmins) VALUES ('reply', ?, 1, ?, ?, '[]')`, [playerId, wall(2), text]);
    return (res as { insertId: number }).insertId;
  };

  beforeAll(async () => {
    source = await createScratchDatabase('bfban_later');
    mysql = await source.connect();
    gen = await generateBfban(mysql, SMALL);
    app = await createTestApp();
    indexesBefore = await indexesOf(app.services.db);
    await importBfban(app.services.db, options(), silentProgress);
  });
  afterAll(async () => {
    await mysql?.end();
    await source?.drop();
    await app?.close();
  });

  it('loads a first import without its secondary indexes and builds every one of them again, also after being killed', async () => {
    expect(await indexesOf(app.services.db)).toEqual(indexesBefore);
    expect(await rowsOf(app.services.db, sql`select * from import_deferred_indexes`)).toEqual([]);
    const other = await createTestApp();
    try {
      const db = other.services.db;
      const cut = await importBfban(db, options({ stopAfterBatches: 2 }), silentProgress);
      expect(cut.stoppedEarly).toBe(true);
      const deferred = await rowsOf<{ index_name: string }>(db, sql`select index_name from import_deferred_indexes order by 1`);
      expect(deferred.map((d) => d.index_name)).toEqual(expect.arrayContaining(['timeline_content_trgm', 'name_history_word_trgm', 'players_games_idx']));
      // Keys and unique indexes stay: the import's upserts need them.
      expect((await indexesOf(db)).map((i) => i.indexname)).toEqual(expect.arrayContaining(['players_pkey', 'name_history_player_name_uq', 'users_username_lower_uq']));
      expect((await indexesOf(db)).map((i) => i.indexname)).not.toContain('timeline_content_trgm');
      // A later pass needs a finished first one; the resumed first pass builds what it left out.
      await expect(importBfban(db, options({ since: new Date(END_MS) }), silentProgress)).rejects.toThrow(/first import has not finished/);
      await importBfban(db, options(), silentProgress);
      expect(await indexesOf(db)).toEqual(indexesBefore);
      expect(await rowsOf(db, sql`select * from import_deferred_indexes`)).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('refuses a later pass in another zone than the first pass read the times in, before it writes anything', async () => {
    await expect(since({ zone: parseZone('+09:00') })).rejects.toThrow(/--time-zone \+09:00: the first pass of .* read its times in \+08:00/);
    await expect(since({ zone: parseZone('Asia/Tokyo'), dryRun: true })).rejects.toThrow(/read its times in \+08:00/);
    expect(await one(app.services.db, sql`select time_zone from import_sources`)).toEqual({ time_zone: '+08:00' });
  });

  it('keeps the last time online and sign-in address of a member who signed in here since the last pass', async () => {
    const db = app.services.db;
    const signedIn = new Date(END_MS + 3 * 86_400_000);
    await db.execute(sql`update users set update_time = ${signedIn.toISOString()}::timestamptz, attr = attr || '{"lastSigninIP":"203.0.113.9"}'::jsonb where id = 1`);
    await since();
    expect(await one(db, sql`select update_time, attr->>'lastSigninIP' as ip from users where id = 1`)).toMatchObject({ ip: '203.0.113.9' });
    expect(new Date(String((await one<{ t: string }>(db, sql`select update_time::text as t from users where id = 1`)).t)).getTime()).toBe(signedIn.getTime());
  });

  it("starts this site's own rows a margin above the imported ids", async () => {
    const db = app.services.db;
    const [[maxUser]] = (await mysql.query('SELECT MAX(id) AS m FROM users')) as unknown as [[{ m: number }]];
    const [[maxComment]] = (await mysql.query('SELECT MAX(id) AS m FROM comments')) as unknown as [[{ m: number }]];
    expect(await siteFrom(db, 'users')).toBe(maxUser.m + 10_001);
    expect(await siteFrom(db, 'comments')).toBe(maxComment.m + 10_001);
    const member = await app.factories.createUser();
    expect(member.id).toBe(await siteFrom(db, 'users'));
    const bot = await app.factories.signedIn({ privileges: ['bot'], bound: false });
    const { dbId } = await openCase(app, bot.token);
    expect(dbId).toBe(await siteFrom(db, 'players'));
    const report = await one<{ id: number }>(db, sql`select id from timeline where player_id = ${dbId}`);
    expect(report.id).toBe(await siteFrom(db, 'comments'));
  });

  it("takes the old site's new rows into the ids left free, and refuses a pass once its ids reach rows this site made", async () => {
    const db = app.services.db;
    const first = await newComment(3, '<p>after the first pass</p>');
    await mysql.query(`INSERT INTO users (username, password, valid, privilege, attr, createTime, updateTime) VALUES ('late_member', NULL, 1, '["normal"]', '{}', ?, ?)`, [wall(2), wall(2)]);
    const [[late]] = (await mysql.query(`SELECT id FROM users WHERE username = 'late_member'`)) as unknown as [[{ id: number }]];
    expect((await since()).refused).toBe(0);
    expect(await one(db, sql`select player_id, content from timeline where id = ${first}`)).toEqual({ player_id: 3, content: '<p>after the first pass</p>' });
    expect(await one(db, sql`select username from users where id = ${late.id}`)).toEqual({ username: 'late_member' });

    // The old site's next account takes the id of the one this site made first.
    const mine = await siteFrom(db, 'users');
    await mysql.query(`INSERT INTO users (id, username, password, valid, privilege, attr, createTime, updateTime) VALUES (?, 'clashing_member', NULL, 1, '["normal"]', '{}', ?, ?)`, [mine, wall(2), wall(2)]);
    const second = await newComment(3, '<p>waits for a clean pass</p>');
    const before = await tableDigests(db, ['users', 'timeline', 'players', 'import_progress']);
    await expect(since()).rejects.toThrow(/users: the old site's ids reach [\d,]+, and this site made \d+ users rows of its own from id [\d,]+ on/);
    await expect(since({ dryRun: true })).rejects.toThrow(/nothing was written/);
    expect(await tableDigests(db, ['users', 'timeline', 'players', 'import_progress'])).toEqual(before);
    await mysql.query('DELETE FROM users WHERE id = ?', [mine]);
    await since();
    expect(await one(db, sql`select content from timeline where id = ${second}`)).toEqual({ content: '<p>waits for a clean pass</p>' });
    expect(await one(db, sql`select username from users where id = ${mine}`)).not.toEqual({ username: 'clashing_member' });
  });

  it('learns with --since what the old site deleted: entries hidden with their text kept, messages and files deleted, accounts anonymised, cases hidden', async () => {
    const db = app.services.db;
    const q = gen.quirks;
    const [[author]] = (await mysql.query(`SELECT byUserId AS id, MIN(id) AS entry FROM comments WHERE byUserId BETWEEN 2 AND ${SMALL.users} GROUP BY byUserId ORDER BY COUNT(*) DESC LIMIT 1`)) as unknown as [[{ id: number; entry: number }]];
    const entry = await one<{ id: number; content: string; video_link: string | null }>(db, sql`select id, content, video_link from timeline where id = 7`);
    const imageName = '2024-05-27_0badc0de-0000-4000-8000-00000000aaaa.png';
    // The image was copied in and is the veteran's avatar.
    await db.execute(sql`update files set details = jsonb_set(details, '{importedFrom,copied}', 'true') where id = ${q.storage.image}`);
    await db.execute(sql`update users set attr = attr || jsonb_build_object('avatar', ${imageName}::text) where id = ${q.veteran.id}`);
    const siteMember = await one<{ id: number; username: string }>(db, sql`select id, username from users where id = ${await siteFrom(db, 'users')}`);

    await mysql.query('DELETE FROM comments WHERE id = 7');
    await mysql.query('DELETE FROM messages WHERE id = ?', [q.message.appealNotice]);
    await mysql.query('DELETE FROM users WHERE id = ?', [author.id]);
    await mysql.query('DELETE FROM storage_items WHERE id IN (?, ?)', [q.storage.image, q.storage.archive]);
    await mysql.query('DELETE FROM players WHERE id = 4');

    // A dry run counts them and changes nothing.
    const digest = await tableDigests(db, ['timeline', 'messages', 'users', 'files', 'players']);
    const dry = await since({ dryRun: true });
    expect(Object.fromEntries(dry.tables.map((t) => [t.table, t.deleted]))).toMatchObject({ players: 1, comments: 1, messages: 1, users: 1, storage_items: 2 });
    expect(await tableDigests(db, ['timeline', 'messages', 'users', 'files', 'players'])).toEqual(digest);

    // What this site told meanwhile of them, kept for replays: entry 7 and a reply quoting it, a line by the author, a line on case 4.
    const caseOf7 = (await one<{ player_id: number }>(db, sql`select player_id from timeline where id = 7`)).player_id;
    const { token } = await app.factories.signedIn();
    const quoting = { toPlayerId: caseOf7, toCommentId: 7, content: '<p>the same as the entry above</p>' };
    expect((await app.request.post('/api/player/reply').set('x-access-token', token).send({ data: quoting, captcha: await app.solveCaptcha() })).body.code).toBe('reply.success');
    const [shown7] = ((await app.request.get(`/api/player/timeline?dbId=${caseOf7}`)).body.data.result as TimelineEntry[]).filter((e) => e.id === 7);
    const authorName = (await one<{ username: string }>(db, sql`select username from users where id = ${author.id}`)).username;
    const line = (id: number, toPlayerId: number, by: { id: number; name: string } | null) =>
      ({ type: 'report', id, createTime: new Date().toISOString(), byUserId: by?.id ?? null, byUserName: by?.name ?? null, toPlayerId }) as ActivityItem;
    await inTransaction(app.services, async (r) => {
      await r.emit(roomOf.case(caseOf7), 'timeline.added', { entry: shown7! });
      await r.emit(roomOf.all, 'activity', { item: line(author.entry, caseOf7, { id: author.id, name: authorName }) });
      await r.emit(roomOf.all, 'activity', { item: line(1, 4, null) });
    });

    const dropped: string[] = [];
    const result = await since({ dropStored: async (name) => void dropped.push(name) });
    expect(Object.fromEntries(result.tables.map((t) => [t.table, t.deleted]))).toMatchObject({ players: 1, comments: 1, messages: 1, users: 1, storage_items: 2 });

    const hidden = await one<{ valid: boolean; content: string; video_link: string | null; extra: { deleted: Record<string, unknown> } }>(db, sql`select valid, content, video_link, extra from timeline where id = 7`);
    expect(hidden).toMatchObject({ valid: false, content: '', video_link: null, extra: { deleted: { byUserId: 0, content: entry.content, videoLink: entry.video_link, time: expect.any(String) } } });
    expect(await rowsOf(db, sql`select id from messages where id = ${q.message.appealNotice}`)).toEqual([]);
    const gone = await one(db, sql`select username, valid, password_hash, privileges, origin_user_id, origin_email, attr from users where id = ${author.id}`);
    expect(gone).toMatchObject({ username: expect.stringMatching(new RegExp(`^deleted-${author.id}-[0-9a-f]{6}$`)), valid: false, password_hash: NO_PASSWORD, privileges: ['normal'], origin_user_id: null, origin_email: null, attr: { changeNameLeft: 0 } });
    // Their entries stay, still theirs.
    expect(await one(db, sql`select by_user_id from timeline where id = ${author.entry}`)).toEqual({ by_user_id: author.id });
    expect(await rowsOf(db, sql`select id from files where id in (${q.storage.image}, ${q.storage.archive})`)).toEqual([]);
    expect(dropped).toEqual([imageName]);
    expect((await one<{ attr: Record<string, unknown> }>(db, sql`select attr from users where id = ${q.veteran.id}`)).attr.avatar).toBeUndefined();
    expect(await one(db, sql`select total_bytes from media_quotas where user_id = ${q.veteran.id}`)).toEqual({ total_bytes: 0 });
    expect(await one(db, sql`select valid from players where id = 4`)).toEqual({ valid: false });
    const visible = await one<{ n: number }>(db, sql`select count(*)::int as n from players where valid`);
    expect(await one(db, sql`select sum(count)::int as n from case_counts where game = '*'`)).toEqual({ n: visible.n });
    // This site's own rows are not the old site's to delete.
    expect(await one(db, sql`select id, username from users where id = ${siteMember.id}`)).toEqual(siteMember);

    // Reported, each with its table and id; the admin-log line counts them.
    const lines = await rowsOf<{ table_name: string; row_key: string; why: string }>(db, sql`select table_name, row_key, why from import_issues where column_name = '(row)' order by table_name, row_key`);
    expect(lines.map((l) => `${l.table_name}:${l.row_key}`).sort()).toEqual(
      ['comments:7', `messages:${q.message.appealNotice}`, 'players:4', `storage_items:${q.storage.archive}`, `storage_items:${q.storage.image}`, `users:${author.id}`].sort(),
    );
    expect(lines.find((l) => l.table_name === 'comments')!.why).toMatch(/deleted on the old site: hidden here/);
    const passes = (await one<{ detail: { passes: Array<{ deleted?: Record<string, number> }> } }>(db, sql`select detail from admin_log where action = 'importBfban'`)).detail.passes;
    expect(passes.at(-1)!.deleted).toEqual({ players: 1, comments: 1, messages: 1, users: 1, storage_items: 2 });

    // A replay tells none of it as it was: the entry and its quote without their words, the author by the name now, no line on case 4.
    const replay = async (room: string) => {
      const socket = await app.socket();
      const events = collectEvents(socket);
      expect(await joinRoom(socket, room, 0)).toMatchObject({ ok: true });
      await new Promise((r) => setTimeout(r, 300));
      socket.disconnect();
      return events.filter((e) => e.room === room);
    };
    const entries = (await replay(roomOf.case(caseOf7))).flatMap((e) => (e.name === 'timeline.added' ? [(e.payload as { entry: TimelineEntry }).entry] : []));
    expect(entries.find((e) => e.id === 7)?.content.text).toBe('');
    expect(entries.find((e) => e.quote?.id === 7)?.quote?.content).toBe('');
    const feed = await replay(roomOf.all);
    expect(JSON.stringify(feed)).not.toContain(authorName);
    const told = feed.flatMap((e) => (e.name === 'activity' ? [(e.payload as { item: ActivityItem }).item] : []));
    expect(told.find((l) => l.id === author.entry)?.byUserName).toBe((gone as { username: string }).username);
    expect(told.filter((l) => l.toPlayerId === 4)).toEqual([]);

    // Handled once: the next pass finds nothing more.
    const again = await since();
    expect(again.tables.every((t) => t.deleted === 0)).toBe(true);
  });

  it('brings with --since an entry made without a time, placed after the entry before it in its case, and leaves it there on the next pass', async () => {
    const db = app.services.db;
    const [[before]] = (await mysql.query(`SELECT id, createTime FROM comments WHERE toPlayerId = 5 ORDER BY id DESC LIMIT 1`)) as unknown as [[{ id: number; createTime: Date }]];
    const placedAt = (await one<{ create_time: string | Date }>(db, sql`select create_time from timeline where id = ${before.id}`)).create_time;
    await mysql.query(`SET SESSION sql_mode = ''`);
    const [res] = await mysql.query(`INSERT INTO comments (type, toPlayerId, byUserId, createTime, content, viewedAdmins) VALUES ('reply', 5, 1, '0000-00-00 00:00:00', '<p>no time</p>', '[]')`);
    await mysql.query(`SET SESSION sql_mode = DEFAULT`);
    const undated = (res as { insertId: number }).insertId;

    expect((await since()).refused).toBe(0);
    const entry = await one<{ create_time: string | Date; content: string }>(db, sql`select create_time, content from timeline where id = ${undated}`);
    expect(entry).toEqual({ create_time: placedAt, content: '<p>no time</p>' });
    expect(await one(db, sql`select why from import_issues where table_name = 'comments' and row_key = ${String(undated)}`)).toEqual({ why: `no time: placed at the time of entry #${before.id} before it in its case` });
    // Read again by every pass (no time says when it changed), it stays where it was placed.
    const digest = await tableDigests(db, ['timeline']);
    const again = await since();
    expect(again.tables.find((t) => t.table === 'comments')!.written).toBe(0);
    expect(await tableDigests(db, ['timeline'])).toEqual(digest);
  });
});
