/**
 * One row for every quirk the original's data carries, written
 * after the regular rows at known ids, so tests can check each one maps as intended. Written with
 * the lax SQL mode some installations ran with: empty enum values, zero dates and strings cut to
 * their column.
 */
import type { Connection } from 'mysql2/promise';
import { localDatetime, offsetMinutesOf } from './random';

export interface QuirkContext {
  players: number;
  comments: number;
  users: number;
  zone: string;
  withIntroduction: boolean;
  hashOf: (password: string) => string;
}

/** The ids of the quirk rows, by what they carry. */
export interface QuirkManifest {
  rows: Record<string, number>;
  /** A member who signs in with their old password (bcrypt in the original). */
  veteran: { id: number; username: string; password: string };
  player: Record<'invisible' | 'stealth' | 'unknownMethod' | 'appealOpenLegacy' | 'appealHandled' | 'blocked' | 'badStatus' | 'zeroDate' | 'noPersona', number>;
  playerIds: Record<'invisible' | 'blocked', { personaId: string; userId: string }>;
  comment: Record<
    | 'trash' | 'unknownAction' | 'appealJson' | 'appealPlain' | 'appealBadJson' | 'appealEmptyStatus' | 'appealClose' | 'appealLock'
    | 'danglingPlayer' | 'danglingAuthor' | 'danglingQuote' | 'badCheatGame' | 'floorToken' | 'reportOfInvisible' | 'nulContent'
    | 'undatedReply' | 'undatedFirst',
    number
  >;
  user: Record<'veteran' | 'deleted' | 'blacklistedV1' | 'freezed' | 'muted' | 'achievements' | 'badPrivilege' | 'danglingSubscribes' | 'duplicateBinding' | 'noPassword' | 'introduction' | 'nulIntroduction', number>;
  message: Record<'appealNotice' | 'command' | 'feedback' | 'unknownType' | 'danglingRecipient' | 'broadcast' | 'undated', number>;
  operation: Record<'truncatedBind' | 'badActor' | 'commentEdit' | 'undated', number>;
  storage: Record<'image' | 'archive' | 'danglingOwner' | 'badName' | 'linked' | 'duplicateName' | 'twoReasons', number>;
  nameLog: Record<'noPersona' | 'duplicateA' | 'duplicateB' | 'orphan' | 'undated', number>;
  /** The DATETIME text written for the veteran's createTime, and the instant it means. */
  time: { written: string; instantMs: number };
}

export async function insertQuirks(conn: Connection, ctx: QuirkContext): Promise<QuirkManifest> {
  await conn.query(`SET SESSION sql_mode = ''`);
  const off = offsetMinutesOf(ctx.zone);
  const T = Date.UTC(2024, 4, 27, 3, 4, 5);
  const dt = (ms: number) => localDatetime(ms, off);
  const p = (k: number) => ctx.players + k;
  const c = (k: number) => ctx.comments + k;
  const u = (k: number) => ctx.users + k;
  const ids = (i: number) => ({ userId: `4${String(i).padStart(10, '0')}`, personaId: `8${String(i).padStart(10, '0')}` });

  // Players.
  const playerRows: Array<[number, string, unknown[]]> = [
    [p(1), 'invisible', [JSON.stringify(['bfv']), JSON.stringify(['invisible', 'aimbot']), '', 1, null, 2]],
    [p(2), 'stealth', [JSON.stringify(['bf1']), JSON.stringify(['stealth', 'oneShotKill']), '', 1, null, 1]],
    [p(3), 'unknownMethod', [JSON.stringify(['bfv']), JSON.stringify(['wallhack', 'laserEyes']), '', 1, null, 1]],
    [p(4), 'appealOpenLegacy', [JSON.stringify(['bfv']), '[]', '', 9, '1', null]],
    [p(5), 'appealHandled', [JSON.stringify(['bfv']), JSON.stringify(['aimbot']), '', 1, '2', 3]],
    [p(6), 'blocked', [JSON.stringify(['bf6']), '[]', 'https://secure.download.dm.origin.com/production/avatar/prod/1/6/208x208.JPEG#BLOCKED', 0, null, null]],
    [p(7), 'badStatus', [JSON.stringify(['bfv']), '[]', '', 42, null, null]],
    [p(8), 'zeroDate', [JSON.stringify(['bf1']), '[]', '', 0, null, null]],
    [p(9), 'noPersona', [JSON.stringify(['bfv']), '[]', '', 4, null, null]],
  ];
  const player = {} as QuirkManifest['player'];
  for (const [id, key, [games, methods, avatar, status, appeal, level]] of playerRows) {
    player[key as keyof QuirkManifest['player']] = id;
    const { userId, personaId } = ids(id);
    await conn.query(
      `INSERT INTO players (id, originName, originUserId, originPersonaId, games, cheatMethods, avatarLink, viewNum, commentsNum, valid, status, createTime, updateTime, appealStatus, hackerLevel) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`,
      [id, `Quirk_${key}`, userId, key === 'noPersona' ? null : personaId, games, methods, avatar, 7, 99, 1, status, key === 'zeroDate' ? '0000-00-00 00:00:00' : dt(T), dt(T + 3_600_000), appeal, level],
    );
  }

  // Users.
  const veteranPassword = 'old-password-1';
  const userRows: Array<[number, string, Record<string, unknown>]> = [
    [u(1), 'veteran', { username: 'Veteran_Sniper', password: ctx.hashOf(veteranPassword), privilege: ['normal'], attr: { language: 'zh-CN', achievements: { old_user: T } } }],
    [u(2), 'deleted', { username: 'gone_member', valid: 0, privilege: ['normal'] }],
    [u(3), 'blacklistedV1', { username: 'v1_banned', privilege: ['blacklisted'], attr: { freezeOfNoBinding: true } }],
    [u(4), 'freezed', { username: 'v1_unbound', privilege: ['freezed'], attr: { freezeOfNoBinding: true } }],
    [u(5), 'muted', { username: 'loud_member', privilege: ['normal'], attr: { mute: '2030-01-01 12:00:00', allowDM: true, introduction: '<p>hi<script>alert(1)</script></p>' } }],
    [u(6), 'achievements', { username: 'collector', privilege: ['normal'], attr: { achievements: { one_search_player: T, app_use_mobile: T + 1, made_up_badge: T + 2 } } }],
    [u(7), 'badPrivilege', { username: 'odd_roles', privilege: ['admin', 'emperor'] }],
    [u(8), 'danglingSubscribes', { username: 'follower', privilege: ['normal'], subscribes: [1, 2, 99_999_999] }],
    [u(9), 'duplicateBinding', { username: 'second_binder', privilege: ['normal'], bindAs: 1 }],
    [u(10), 'noPassword', { username: 'no_password', password: null, privilege: ['normal'] }],
    [u(11), 'introduction', { username: 'old_profile', privilege: ['normal'], introduction: '<p>From the old column</p>' }],
    // NUL, which MySQL's text holds and PostgreSQL's cannot: an escape in attr's JSON, a character in the old column.
    [u(12), 'nulIntroduction', { username: 'nul_profile', privilege: ['normal'], attr: { introduction: '<p>a\u0000b</p>' }, introduction: 'x\u0000y' }],
  ];
  const user = {} as QuirkManifest['user'];
  for (const [id, key, v] of userRows) {
    user[key as keyof QuirkManifest['user']] = id;
    const bindTo = (v.bindAs as number | undefined) ?? id;
    const columns = ['id', 'username', 'password', 'valid', 'privilege', 'subscribes', 'attr', 'originName', 'originUserId', 'originPersonaId', 'originEmail', 'createTime', 'updateTime'];
    const values: unknown[] = [
      id, v.username, 'password' in v ? v.password : ctx.hashOf('never-used-9'), v.valid ?? 1, JSON.stringify(v.privilege), JSON.stringify(v.subscribes ?? []), JSON.stringify(v.attr ?? {}),
      `Bound_${bindTo}`, `7${String(bindTo).padStart(10, '0')}`, `6${String(bindTo).padStart(10, '0')}`, `bound${bindTo}@mail.example`, dt(T), dt(T + 60_000),
    ];
    if (ctx.withIntroduction) {
      columns.push('introduction');
      values.push(v.introduction ?? null);
    }
    // The original's index on originUserId is not unique: a second account bound to the same game account exists.
    await conn.query(`INSERT INTO users (${columns.join(',')}) VALUES (?)`, [values]);
  }
  await conn.query(`UPDATE users SET originUserId = ? WHERE id = ?`, [`7${String(u(1)).padStart(10, '0')}`, u(9)]);

  // Comments.
  const pi = (id: number) => [id, ids(id).userId, ids(id).personaId, `Quirk_${id}`];
  const commentRows: Array<[number, string, unknown[]]> = [
    [c(1), 'reportOfInvisible', ['report', ...pi(p(1)), u(1), dt(T), 1, 'https://www.youtube.com/watch?v=q', '<p>walks through walls</p>', 'bfv', JSON.stringify(['invisible']), null, null, '[]', 'open']],
    [c(2), 'trash', ['judgement', ...pi(p(1)), 1, dt(T + 1000), 1, null, '<p>old v1 verdict</p>', null, '[]', null, 'trash', '[]', 'open']],
    [c(3), 'unknownAction', ['judgement', ...pi(p(1)), 1, dt(T + 2000), 1, null, '<p>?</p>', null, '[]', null, 'frobnicate', '[]', 'open']],
    [c(4), 'appealJson', ['banAppeal', ...pi(p(4)), u(1), dt(T + 3000), 1, null,
      JSON.stringify({ appealType: 'moss', extendedLinks: { btrLink: 'https://battlefieldtracker.com/x', videoLink: 'javascript:alert(1)', mossDownloadUrl: 'https://files.example/moss.zip' }, text: '<p>I am innocent<script>alert(1)</script><img src=x onerror=alert(2)></p>' }),
      null, '[]', null, null, JSON.stringify([1, 2, 3]), 'open']],
    [c(5), 'appealPlain', ['banAppeal', ...pi(p(5)), u(1), dt(T + 4000), 1, null, 'plain old appeal text <b>bold</b>', null, '[]', null, null, '[]', 'close']],
    [c(6), 'appealBadJson', ['banAppeal', ...pi(p(5)), u(1), dt(T + 5000), 1, null, '{"appealType":"moss","text":"cut off', null, '[]', null, null, '[]', 'close']],
    [c(7), 'appealEmptyStatus', ['banAppeal', ...pi(p(5)), u(1), dt(T + 6000), 1, null, JSON.stringify({ appealType: 'farm', extendedLinks: {}, text: 'x' }), null, '[]', null, null, '[]', '']],
    [c(8), 'appealClose', ['banAppeal', ...pi(p(2)), u(1), dt(T + 7000), 1, null, JSON.stringify({ appealType: 'none', extendedLinks: {}, text: '<p>closed one</p>' }), null, '[]', null, null, '[]', 'close']],
    [c(9), 'appealLock', ['banAppeal', ...pi(p(3)), u(1), dt(T + 8000), 1, null, JSON.stringify({ appealType: 'none', extendedLinks: {}, text: '<p>locked one</p>' }), null, '[]', null, null, '[]', 'lock']],
    [c(10), 'danglingPlayer', ['reply', ...pi(99_999_999), 1, dt(T + 9000), 1, null, '<p>to nowhere</p>', null, '[]', null, null, '[]', 'open']],
    [c(11), 'danglingAuthor', ['reply', ...pi(p(1)), 888_888, dt(T + 10_000), 1, null, '<p>author gone</p>', null, '[]', null, null, '[]', 'open']],
    [c(12), 'danglingQuote', ['reply', ...pi(p(1)), 1, dt(T + 11_000), 1, null, '<p>quoting nothing</p>', null, '[]', 777_777_777, null, '[]', 'open']],
    [c(13), 'badCheatGame', ['report', ...pi(p(1)), 1, dt(T + 12_000), 1, null, '<p>wrong game</p>', 'bf2042', JSON.stringify(['aimbot']), null, null, '[]', 'open']],
    [c(14), 'floorToken', ['reply', ...pi(p(1)), 1, dt(T + 13_000), 1, null, `<p>as said in {floor:${c(1)}}</p>`, null, '[]', c(1), null, '[]', 'open']],
    [c(15), 'nulContent', ['reply', ...pi(p(1)), 1, dt(T + 14_000), 1, null, '<p>NUL here:\u0000:end</p>', null, '[]', null, null, '[]', 'open']],
    // No time: a zero date of the original's old versions after an entry of its case, and a NULL one opening its case.
    [c(16), 'undatedReply', ['reply', ...pi(p(1)), 1, '0000-00-00 00:00:00', 1, null, '<p>from the old days</p>', null, '[]', null, null, '[]', 'open']],
    [c(17), 'undatedFirst', ['report', ...pi(p(8)), 1, null, 1, null, '<p>first of its case</p>', 'bf1', JSON.stringify(['aimbot']), null, null, '[]', 'open']],
  ];
  const comment = {} as QuirkManifest['comment'];
  for (const [id, key, v] of commentRows) {
    comment[key as keyof QuirkManifest['comment']] = id;
    await conn.query(
      `INSERT INTO comments (id, type, toPlayerId, toOriginUserId, toOriginPersonaId, toOriginName, byUserId, createTime, valid, videoLink, content, cheatGame, cheatMethods, toCommentId, judgeAction, viewedAdmins, appealStatus) VALUES (?)`,
      [[id, ...v]],
    );
  }

  // Messages.
  const messageRows: Array<[string, unknown[]]> = [
    ['appealNotice', [null, c(4), 'banAppeal', 'A new appeal', 0]],
    ['command', [1, 1, 'command', JSON.stringify({ action: 'setComment', target: c(1) }), 0]],
    ['feedback', [u(1), null, 'feedback', 'The search is slow', 0]],
    ['unknownType', [1, u(1), 'carrierPigeon', 'coo', 0]],
    ['danglingRecipient', [1, 555_555_555, 'direct', 'hello?', 0]],
    ['broadcast', [1, null, 'toAll', 'Maintenance tonight', 1]],
  ];
  const message = {} as QuirkManifest['message'];
  for (const [key, v] of messageRows) {
    const [res] = await conn.query(`INSERT INTO messages (byUserId, toUserId, type, content, haveRead, createTime) VALUES (?)`, [[...v, dt(T)]]);
    message[key as keyof QuirkManifest['message']] = (res as { insertId: number }).insertId;
  }
  const [undatedMessage] = await conn.query(`INSERT INTO messages (byUserId, toUserId, type, content, haveRead, createTime) VALUES (1, ?, 'direct', 'sent long ago', 1, '0000-00-00 00:00:00')`, [u(1)]);
  message.undated = (undatedMessage as { insertId: number }).insertId;

  // Staff audit: a bind transfer's "id,targetId" cut to 20 characters, an actor that is not an id, a comment edit naming its case.
  const operation = {} as QuirkManifest['operation'];
  for (const [key, v] of [
    ['truncatedBind', [String(1), `${u(9)},123456789012345678901234`, 'transferBindData', 'bind_transfer']],
    ['badActor', ['system', String(u(1)), 'muteUser', 'user']],
    ['commentEdit', [String(1), String(p(1)), 'setCommentAndThenSomeMore', 'comment']],
  ] as const) {
    const [res] = await conn.query(`INSERT INTO operation_log (createTime, byUserId, toUserId, action, role) VALUES (?)`, [[new Date(T).toISOString().slice(0, 19).replace('T', ' '), ...v]]);
    operation[key] = (res as { insertId: number }).insertId;
  }
  const [undatedOperation] = await conn.query(`INSERT INTO operation_log (createTime, byUserId, toUserId, action, role) VALUES (NULL, '1', ?, 'muteUser', 'user')`, [String(u(5))]);
  operation.undated = (undatedOperation as { insertId: number }).insertId;

  const storage = {} as QuirkManifest['storage'];
  for (const [key, v] of [
    ['image', ['2024-05-27_0badc0de-0000-4000-8000-00000000aaaa.png', 1234, u(1), '01IMG']],
    ['archive', ['2024-05-27_0badc0de-0000-4000-8000-00000000bbbb.zip', 2345, u(1), '01ZIP']],
    ['danglingOwner', ['2024-05-27_0badc0de-0000-4000-8000-00000000cccc.png', 100, 666_666, '01GONE']],
    ['badName', ['../../etc/passwd', 100, u(1), '01BAD']],
    // A file id that is a link rather than a OneDrive item id: served by a redirect to it until copied.
    ['linked', ['2024-05-27_0badc0de-0000-4000-8000-00000000dddd.png', 100, u(6), 'https://files.example/old/dddd.png']],
    // The original's filename is not unique: a second record of the image's name.
    ['duplicateName', ['2024-05-27_0badc0de-0000-4000-8000-00000000aaaa.png', 999, u(6), '01DUP']],
    // Refused for two reasons: two lines of the report, one row.
    ['twoReasons', ['not-a-stored-name.exe', 100, 666_666, '01TWO']],
  ] as const) {
    const [res] = await conn.query(`INSERT INTO storage_items (filename, size, byUserId, fileId, createTime) VALUES (?)`, [[...v, dt(T)]]);
    storage[key] = (res as { insertId: number }).insertId;
  }
  await conn.query(`INSERT INTO storage_quotas VALUES (?)`, [[u(1), 262_144_000, 999_999, 209_715_200, 3579, 50, 2, dt(T)]]);

  const nameLog = {} as QuirkManifest['nameLog'];
  const inv = ids(p(1));
  for (const [key, v] of [
    ['noPersona', ['Quirk_old_name', inv.userId, null, dt(T - 86_400_000), dt(T - 3_600_000)]],
    ['duplicateA', ['Quirk_invisible', inv.userId, inv.personaId, dt(T), dt(T + 1000)]],
    ['duplicateB', ['Quirk_invisible', inv.userId, inv.personaId, dt(T - 5000), dt(T + 9000)]],
    ['orphan', ['Nobody_Here', '3999999999', '3999999998', dt(T), dt(T)]],
    ['undated', ['Quirk_stealth_before', ids(p(2)).userId, ids(p(2)).personaId, '0000-00-00 00:00:00', null]],
  ] as const) {
    const [res] = await conn.query(`INSERT INTO name_logs (originName, originUserId, originPersonaId, fromTime, toTime) VALUES (?)`, [[...v]]);
    nameLog[key] = (res as { insertId: number }).insertId;
  }
  await conn.query(`SET SESSION sql_mode = DEFAULT`);

  return {
    rows: { players: playerRows.length, users: userRows.length, comments: commentRows.length, messages: messageRows.length + 1, operation_log: 4, storage_items: 7, storage_quotas: 1, name_logs: 5 },
    veteran: { id: u(1), username: 'Veteran_Sniper', password: veteranPassword },
    player,
    playerIds: { invisible: ids(p(1)), blocked: ids(p(6)) },
    comment,
    user,
    message,
    operation,
    storage,
    nameLog,
    time: { written: dt(T), instantMs: T },
  };
}
