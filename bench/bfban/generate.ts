/**
 * Writes a synthetic BFBAN database (the original's tables, `original-schema.ts`) into MariaDB:
 * a community of the asked size, streamed in multi-row INSERTs (never held whole), then a block of
 * rows carrying every quirk of the original's data (`quirks.ts`). Seeded: the same options write
 * the same rows. DATETIME values are written in the original server's zone (`zone`).
 */
import bcrypt from 'bcryptjs';
import type { Connection } from 'mysql2/promise';
import { originalSchema } from './original-schema';
import { localDatetime, offsetMinutesOf, seeded, type Random } from './random';
import { insertQuirks, type QuirkManifest } from './quirks';

export interface GenerateOptions {
  players: number;
  comments: number;
  users: number;
  seed?: number;
  /** The original server's zone, which its DATETIME values are in. */
  zone?: string;
  withIntroduction?: boolean;
  onProgress?: (table: string, rows: number) => void;
}

export const SMALL: GenerateOptions = { players: 240, comments: 1_200, users: 90 };
export const FULL: GenerateOptions = { players: 200_000, comments: 1_000_000, users: 50_000 };

export interface Generated {
  options: Required<Omit<GenerateOptions, 'onProgress'>>;
  /** The shared password of every generated user (one bcrypt hash for all: hashing 50,000 would take an hour). */
  password: string;
  counts: Record<string, number>;
  quirks: QuirkManifest;
  /** When the data ends: the generator's "now". */
  endMs: number;
}

export const START_MS = Date.UTC(2018, 9, 27);
export const END_MS = Date.UTC(2025, 10, 1);
const BATCH = 2_000;
const GAMES = ['bf1', 'bfv', 'bf6'] as const;
const METHODS = ['wallhack', 'aimbot', 'invisable', 'magicBullet', 'damageChange', 'gadgetModify', 'teleport', 'attackServer'];
const ACTIONS = ['suspect', 'innocent', 'discuss', 'guilt', 'kill', 'invalid', 'more', 'farm'] as const;
const ACTION_STATUS: Record<(typeof ACTIONS)[number], number> = { kill: 1, guilt: 6, suspect: 2, innocent: 3, invalid: 4, discuss: 5, more: 7, farm: 8 };
const WORDS = 'aim wall through smoke every round tracks headshot spotted kill cam video clear obvious snap flick again suspicious report please check'.split(' ');

export const userIdOf = (i: number) => `9${String(i).padStart(10, '0')}`;
export const playerUserIdOf = (i: number) => `1${String(i).padStart(10, '0')}`;
export const playerPersonaIdOf = (i: number) => `2${String(i).padStart(10, '0')}`;
export const playerNameOf = (i: number) => `Soldier_${i.toString(36)}`;

/** Collects rows and writes them in multi-row INSERTs. */
function inserter(conn: Connection, table: string, columns: string[], onProgress?: GenerateOptions['onProgress']) {
  let rows: unknown[][] = [];
  let written = 0;
  const flush = async () => {
    if (!rows.length) return;
    await conn.query(`INSERT INTO ${table} (${columns.join(',')}) VALUES ?`, [rows]);
    written += rows.length;
    rows = [];
    onProgress?.(table, written);
  };
  return {
    async add(row: unknown[]) {
      rows.push(row);
      if (rows.length >= BATCH) await flush();
    },
    async done() {
      await flush();
      return written;
    },
  };
}

const sentence = (r: Random, n: number) => Array.from({ length: n }, () => r.pick(WORDS)).join(' ');

export async function generateBfban(conn: Connection, opts: GenerateOptions): Promise<Generated> {
  const o = { seed: 1, zone: '+08:00', withIntroduction: false, ...opts };
  const r = seeded(o.seed);
  const offset = offsetMinutesOf(o.zone);
  const dt = (ms: number) => localDatetime(ms, offset);
  // TIMESTAMP columns (operation_log) are written in UTC; DATETIME ones hold the zone's wall clock.
  await conn.query(`SET SESSION time_zone = '+00:00'`);
  for (const ddl of originalSchema({ withIntroduction: o.withIntroduction })) await conn.query(ddl);
  const password = 'generated-password';
  const hash = bcrypt.hashSync(password, 10);
  const counts: Record<string, number> = {};

  // Users: staff first, the rest members; most bound to a game account.
  const U = o.users;
  const admins: number[] = [];
  const users = inserter(conn, 'users', ['id', 'username', 'password', 'valid', 'privilege', 'subscribes', 'attr', 'originName', 'originUserId', 'originPersonaId', 'originEmail', 'signoutTime', 'createTime', 'updateTime'], o.onProgress);
  for (let id = 1; id <= U; id++) {
    const privilege = id === 1 ? ['root'] : id <= 3 ? ['super'] : id <= Math.max(6, U / 100) ? ['admin'] : id % 97 === 0 ? ['bot'] : id % 211 === 0 ? ['blacklisted'] : ['normal'];
    if (privilege[0] === 'admin' || privilege[0] === 'super' || privilege[0] === 'root') admins.push(id);
    const created = START_MS + Math.floor(((END_MS - START_MS) * (id - 1)) / U);
    const bound = id % 10 < 7;
    const attr: Record<string, unknown> = { language: r.pick(['zh-CN', 'en-US']), allowDM: r.chance(0.3), changeNameLeft: 3, showOrigin: r.chance(0.2) };
    if (id % 13 === 0) attr.achievements = { one_search_player: created + 1000, ...(id <= 10_000 ? { old_user: created + 2000 } : {}) };
    if (id % 17 === 0) attr.introduction = `<p>${sentence(r, 6)}</p>`;
    const subscribes = id % 5 === 0 ? [r.int(1, o.players), r.int(1, o.players)].filter((v, i, a) => a.indexOf(v) === i) : [];
    await users.add([
      id, `member_${id}`, hash, id % 401 === 0 ? 0 : 1, JSON.stringify(privilege), JSON.stringify(subscribes), JSON.stringify(attr),
      bound ? `Member_${id}` : null, bound ? userIdOf(id) : null, bound ? `3${String(id).padStart(10, '0')}` : null, bound ? `member${id}@mail.example` : null,
      id % 7 === 0 ? dt(created + 86_400_000) : null, dt(created), dt(Math.min(END_MS, created + r.int(0, 400) * 86_400_000)),
    ]);
  }
  counts.users = await users.done();

  // Comments in time order; every case is opened by its first report, spread over the comments.
  const P = o.players;
  const C = Math.max(o.comments, P);
  const status = new Int8Array(P + 1);
  const games = new Uint8Array(P + 1);
  const updated = new Float64Array(P + 1);
  const created = new Float64Array(P + 1);
  const lastComment = new Int32Array(P + 1);
  const methods = new Uint8Array(P + 1);
  let opened = 0;
  const comments = inserter(conn, 'comments', ['id', 'type', 'toPlayerId', 'toOriginUserId', 'toOriginPersonaId', 'toOriginName', 'byUserId', 'createTime', 'valid', 'videoLink', 'content', 'cheatGame', 'cheatMethods', 'toCommentId', 'judgeAction', 'viewedAdmins', 'appealStatus', 'hackerLevel'], o.onProgress);
  for (let id = 1; id <= C; id++) {
    const at = START_MS + Math.floor(((END_MS - START_MS - 86_400_000) * (id - 1)) / C);
    const opens = Math.floor((id * P) / C) > Math.floor(((id - 1) * P) / C);
    const player = opens ? ++opened : r.int(1, Math.max(1, opened));
    const by = r.int(1, U);
    const snapshot = [player, playerUserIdOf(player), playerPersonaIdOf(player), playerNameOf(player)];
    let row: unknown[];
    if (opens || r.chance(0.2)) {
      const game = r.pick(GAMES);
      games[player]! |= 1 << GAMES.indexOf(game);
      if (opens) created[player] = at;
      else if ([2, 3, 4, 5, 7, 8].includes(status[player]!)) status[player] = 0;
      const m = [r.pick(METHODS), r.pick(METHODS)].filter((v, i, a) => a.indexOf(v) === i);
      row = ['report', ...snapshot, by, dt(at), 1, r.chance(0.5) ? `https://www.youtube.com/watch?v=${id}` : null, `<p>${sentence(r, 12)}</p>`, game, JSON.stringify(m), null, null, '[]', 'open', null];
    } else if (r.chance(0.35)) {
      const action = r.pick(ACTIONS);
      const s = ACTION_STATUS[action];
      status[player] = status[player] === 6 && action === 'guilt' ? 1 : s;
      if (status[player] === 1) methods[player] = r.int(0, METHODS.length - 1);
      const m = action === 'kill' || action === 'guilt' ? JSON.stringify([METHODS[methods[player]!]]) : '[]';
      row = ['judgement', ...snapshot, r.pick(admins.length ? admins : [1]), dt(at), 1, null, `<p>${sentence(r, 8)}</p>`, null, m, null, action, '[]', 'open', action === 'kill' ? r.int(1, 4) : null];
    } else if (r.chance(0.06) && (status[player] === 1 || status[player] === 2)) {
      status[player] = 9;
      const content = JSON.stringify({ appealType: r.pick(['moss', 'farm', 'none']), extendedLinks: { btrLink: 'https://battlefieldtracker.com/bfv/profile', videoLink: '', mossDownloadUrl: '' }, text: `<p>${sentence(r, 10)}</p>` });
      row = ['banAppeal', ...snapshot, by, dt(at), 1, null, content, null, '[]', null, null, JSON.stringify(admins.slice(0, r.int(0, 3))), r.pick(['open', 'close', 'lock']), null];
    } else {
      const quote = lastComment[player] && r.chance(0.3) ? lastComment[player] : null;
      const text = quote && r.chance(0.5) ? `<p>see {floor:${quote}} ${sentence(r, 5)}</p>` : `<p>${sentence(r, 9)}</p>`;
      row = ['reply', ...snapshot, by, dt(at), r.chance(0.02) ? 0 : 1, null, text, null, '[]', quote, null, '[]', 'open', null];
    }
    updated[player] = at;
    lastComment[player] = id;
    await comments.add([id, ...row]);
  }
  counts.comments = await comments.done();

  const players = inserter(conn, 'players', ['id', 'originName', 'originUserId', 'originPersonaId', 'games', 'cheatMethods', 'avatarLink', 'viewNum', 'commentsNum', 'valid', 'status', 'createTime', 'updateTime', 'appealStatus', 'hackerLevel'], o.onProgress);
  const names = inserter(conn, 'name_logs', ['originName', 'originUserId', 'originPersonaId', 'fromTime', 'toTime'], o.onProgress);
  for (let id = 1; id <= P; id++) {
    const g = GAMES.filter((_, i) => games[id]! & (1 << i));
    const s = status[id]!;
    await players.add([
      id, playerNameOf(id), playerUserIdOf(id), playerPersonaIdOf(id), JSON.stringify(g), JSON.stringify(s === 1 ? [METHODS[methods[id]!]] : []),
      `https://secure.download.dm.origin.com/production/avatar/prod/1/${id}/208x208.JPEG`, r.int(0, 5000),
      // The original's own count drifts from its rows; the import counts again.
      r.int(0, 50), 1, s, dt(created[id]!), dt(updated[id]!), s === 9 ? null : null, s === 1 ? r.int(1, 4) : null,
    ]);
    if (r.chance(0.3)) await names.add([`Old_${id.toString(36)}`, playerUserIdOf(id), playerPersonaIdOf(id), dt(created[id]! - 30 * 86_400_000), dt(created[id]!)]);
    await names.add([playerNameOf(id), playerUserIdOf(id), playerPersonaIdOf(id), dt(created[id]!), dt(updated[id]!)]);
    // Names the advanced search saw of accounts that never became a case.
    if (id % 10 === 0) await names.add([`Passerby_${id.toString(36)}`, `5${String(id).padStart(10, '0')}`, `6${String(id).padStart(10, '0')}`, dt(created[id]!), dt(created[id]!)]);
  }
  counts.players = await players.done();
  counts.name_logs = await names.done();

  const messages = inserter(conn, 'messages', ['byUserId', 'toUserId', 'type', 'content', 'haveRead', 'createTime'], o.onProgress);
  const M = Math.ceil(C / 5);
  for (let i = 1; i <= M; i++) {
    const at = START_MS + Math.floor(((END_MS - START_MS) * i) / M);
    const kind = r.next();
    if (kind < 0.6) await messages.add([null, r.int(1, U), 'warn', `Your account was reported: ${sentence(r, 3)}`, r.int(0, 1), dt(at)]);
    else if (kind < 0.85) await messages.add([r.int(1, U), r.int(1, U), 'direct', sentence(r, 6), r.int(0, 1), dt(at)]);
    else if (kind < 0.95) await messages.add([null, r.int(1, U), 'reply', `Someone quoted you: ${sentence(r, 3)}`, r.int(0, 1), dt(at)]);
    else await messages.add([1, null, 'toAll', `Notice: ${sentence(r, 8)}`, 0, dt(at)]);
  }
  counts.messages = await messages.done();

  const items = inserter(conn, 'storage_items', ['filename', 'size', 'byUserId', 'fileId', 'createTime'], o.onProgress);
  const quotas = inserter(conn, 'storage_quotas', ['userId', 'totalStorageQuota', 'usedStorageQuota', 'maxTrafficQuota', 'todayTrafficQuota', 'maxFileNumber', 'todayFileNumber', 'prevResetTime'], o.onProgress);
  for (let u = 1; u <= U; u += 10) {
    const at = START_MS + Math.floor(((END_MS - START_MS) * u) / U);
    const n = r.int(1, 3);
    let used = 0;
    for (let k = 0; k < n; k++) {
      const size = r.int(10_000, 900_000);
      used += size;
      const uuid = `${(u * 7 + k).toString(16).padStart(8, '0')}-0000-4000-8000-${(u * 13 + k).toString(16).padStart(12, '0')}`;
      await items.add([`${dt(at).slice(0, 10)}_${uuid}.${r.pick(['png', 'jpg', 'zip', 'mp4'])}`, size, u, `01ONEDRIVE${u}X${k}`, dt(at)]);
    }
    await quotas.add([u, 262_144_000, used, 209_715_200, r.int(0, used), 50, r.int(0, n), dt(at)]);
  }
  counts.storage_items = await items.done();
  counts.storage_quotas = await quotas.done();

  const ops = inserter(conn, 'operation_log', ['createTime', 'byUserId', 'toUserId', 'action', 'role'], o.onProgress);
  const OPS = Math.ceil(U / 5);
  for (let i = 1; i <= OPS; i++) {
    const at = END_MS - 365 * 86_400_000 + Math.floor((365 * 86_400_000 * i) / OPS);
    const kind = i % 3;
    const row =
      kind === 0 ? [String(r.pick(admins.length ? admins : [1])), String(r.int(1, U)), r.pick(['muteUser', 'setUserRole', 'setUserAttr']), 'user']
      : kind === 1 ? [String(r.pick(admins.length ? admins : [1])), String(r.int(1, P)), 'setComment', 'comment']
      : [String(r.pick(admins.length ? admins : [1])), String(r.int(1, U)), 'delUser', 'spam'];
    await ops.add([new Date(at).toISOString().slice(0, 19).replace('T', ' '), ...row]);
  }
  counts.operation_log = await ops.done();

  // Short-lived rows the import skips.
  await conn.query(`INSERT INTO verifications (username, type, uniqCode, expiresTime, createTime) VALUES ('pending_one', 'register', 'code-1', ?, ?)`, [dt(END_MS + 3_600_000), dt(END_MS)]);
  await conn.query(`INSERT INTO used_captchas (uniqHash, expiresTime) VALUES ('hash-1', ?)`, [dt(END_MS)]);

  const quirks = await insertQuirks(conn, { players: P, comments: C, users: U, zone: o.zone, withIntroduction: o.withIntroduction, hashOf: (p) => bcrypt.hashSync(p, 10) });
  for (const [t, n] of Object.entries(quirks.rows)) counts[t] = (counts[t] ?? 0) + n;
  return { options: { players: P, comments: C, users: U, seed: o.seed, zone: o.zone, withIntroduction: o.withIntroduction }, password, counts, quirks, endMs: END_MS };
}
