import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client';
import type { Mapped } from './issues';
import type { MapContext } from './context';
import type { KnownIds } from './known';
import { upsert } from './upsert';
import { writeCasesTellingFeed } from './feed-events';
import { mapPlayer, type PlayerTarget } from './map-players';
import { mapName, type NameTarget } from './map-names';
import { mapUser, NO_PASSWORD, type UserTarget } from './map-users';
import { mapComment, type EntryTarget } from './map-comments';
import { mapMessage, type MessageTarget } from './map-messages';
import { mapOperation, type OperationTarget } from './map-operations';
import { mapStorageItem, mapStorageQuota, type FileTarget, type QuotaTarget } from './map-storage';
import { undatedSql, wallTime, type Placing } from './undated';
import { timestampUtc } from './values';

/** The instant a `--since` pass starts from, as each kind of column holds it. */
export interface SinceTimes {
  /** DATETIME columns: the operator's zone's wall clock. */
  wall: string;
  /** TIMESTAMP columns (operation_log): UTC. */
  utc: string;
}

/** One table of the original: how it is read, mapped and written. Tables run in this order (later ones refer to earlier ones). */
export interface TablePlan<T = unknown> {
  name: string;
  key: string;
  /** Columns read; `introduction` only where the source has it. */
  columns(hasIntroduction: boolean): string;
  /** A `--since` pass reads only these rows (null: the whole table again, it is small or its changes leave no time). */
  since: ((t: SinceTimes) => { where: string; params: unknown[] }) | null;
  map(raw: Record<string, unknown>, ctx: MapContext): Mapped<T>;
  /** Rows without a time are placed among their neighbours rather than refused (`undated.ts`). */
  place?: Placing;
  /** Registers a mapped row's ids for later references (before it is written: a batch may refer to itself). */
  remember(known: KnownIds, row: T): void;
  write(tx: DbOrTx, rows: T[]): Promise<{ inserted: number; updated: number }>;
}

const plan = <T>(p: TablePlan<T>) => p as TablePlan<unknown>;

const PLAYER_COLUMNS = ['id', 'origin_user_id', 'origin_persona_id', 'origin_name', 'avatar_link', 'games', 'cheat_methods', 'status', 'hacker_level', 'view_num', 'valid', 'create_time', 'update_time'];
const ENTRY_COLUMNS = ['id', 'type', 'player_id', 'to_origin_user_id', 'to_origin_persona_id', 'to_origin_name', 'by_user_id', 'content', 'extra', 'video_link', 'cheat_game', 'cheat_methods', 'quote_id', 'judge_action', 'hacker_level', 'appeal_status', 'viewed_admins', 'valid', 'create_time'];
const USER_COLUMNS = ['id', 'username', 'password_hash', 'valid', 'privileges', 'attr', 'origin_name', 'origin_user_id', 'origin_persona_id', 'origin_email', 'signout_time', 'create_time', 'update_time'];

/** Names seen twice in one batch (the v1 migration's merged runs) become one, over both times. */
function mergeNames(rows: NameTarget[]): NameTarget[] {
  const byKey = new Map<string, NameTarget>();
  for (const r of rows) {
    const k = `${r.player_id}\u0000${r.origin_name}`;
    const had = byKey.get(k);
    if (!had) byKey.set(k, { ...r });
    else {
      if (String(r.from_time) < String(had.from_time)) had.from_time = r.from_time;
      if (String(r.to_time) > String(had.to_time)) had.to_time = r.to_time;
    }
  }
  return [...byKey.values()];
}

export const TABLES: TablePlan[] = [
  plan<PlayerTarget>({
    name: 'players',
    key: 'id',
    columns: () => 'id, originName, originUserId, originPersonaId, games, cheatMethods, avatarLink, viewNum, valid, status, createTime, updateTime, appealStatus, hackerLevel',
    since: (t) => ({ where: '(updateTime >= ? OR createTime >= ?)', params: [t.wall, t.wall] }),
    map: mapPlayer,
    remember: (k, r) => k.addPlayer(r.id, { originUserId: String(r.origin_user_id), originPersonaId: String(r.origin_persona_id), originName: String(r.origin_name), games: r.games as string[] }),
    // Counts, status time and appeal state are recounted after the import (finalize/), not taken.
    write: (tx, rows) =>
      writeCasesTellingFeed(
        tx,
        rows.map((r) => r.id),
        () => upsert(tx, { table: 'players', columns: PLAYER_COLUMNS, conflict: ['id'] }, rows),
      ),
  }),
  plan<NameTarget>({
    name: 'name_logs',
    key: 'id',
    columns: () => 'id, originName, originUserId, originPersonaId, fromTime, toTime',
    since: (t) => ({ where: `(toTime >= ? OR fromTime >= ? OR (${undatedSql('fromTime')} AND ${undatedSql('toTime')}))`, params: [t.wall, t.wall] }),
    map: mapName,
    place: {
      column: 'fromTime',
      read: wallTime,
      undated: (zone, raw) => !wallTime(zone, raw.fromTime) && !wallTime(zone, raw.toTime),
      noun: 'name log',
      group: { column: 'originUserId', name: 'its account' },
      groupTime: { sql: 'SELECT createTime, updateTime FROM players WHERE originUserId = ? ORDER BY id LIMIT 1', name: 'its case' },
    },
    remember: () => undefined,
    async write(tx, rows) {
      const res = await upsert(
        tx,
        {
          table: 'name_history',
          columns: ['id', 'player_id', 'origin_name', 'name_key', 'from_time', 'to_time', 'case_games'],
          conflict: ['player_id', 'origin_name'],
          update: ['from_time', 'to_time', 'case_games'],
          merge: { from_time: 'least(name_history.from_time, excluded.from_time)', to_time: 'greatest(name_history.to_time, excluded.to_time)' },
        },
        mergeNames(rows),
      );
      return res;
    },
  }),
  plan<UserTarget>({
    name: 'users',
    key: 'id',
    columns: (intro) => `id, username, password, valid, privilege, subscribes, attr, originName, originUserId, originPersonaId, originEmail, signoutTime, createTime, updateTime${intro ? ', introduction' : ''}`,
    // Role, attribute and follow changes move no time column: every pass reads the users again.
    since: null,
    map: mapUser,
    remember: (k, r) => k.addUser(r.user.id, (r.user.origin_user_id as string | null) ?? null),
    async write(tx, rows) {
      // A hash already upgraded here (the member signed in: argon2id) is never put back to the old one.
      const keepUpgraded = `case when users.password_hash like '$2%' or users.password_hash = '${NO_PASSWORD}' then excluded.password_hash else users.password_hash end`;
      // Signed in here since (update_time is the last time online): that time and address stay.
      const keepNewerTime = 'greatest(users.update_time, excluded.update_time)';
      const keepNewerAddress = `case when users.update_time > excluded.update_time and users.attr ? 'lastSigninIP' then excluded.attr || jsonb_build_object('lastSigninIP', users.attr->'lastSigninIP') else excluded.attr end`;
      const res = await upsert(tx, { table: 'users', columns: USER_COLUMNS, conflict: ['id'], merge: { password_hash: keepUpgraded, update_time: keepNewerTime, attr: keepNewerAddress } }, rows.map((r) => r.user));
      const subs = rows.flatMap((r) => r.subscriptions);
      // A follow dropped in the original is dropped here too.
      await tx.execute(sql`delete from subscriptions s where s.user_id in (select value::int from jsonb_array_elements_text(${JSON.stringify(rows.map((r) => r.user.id))}::jsonb))
        and not exists (select 1 from json_populate_recordset(null::subscriptions, ${JSON.stringify(subs)}::json) n where n.user_id = s.user_id and n.player_id = s.player_id)`);
      await upsert(tx, { table: 'subscriptions', columns: ['user_id', 'player_id', 'create_time'], conflict: ['user_id', 'player_id'], update: [] }, subs);
      await upsert(tx, { table: 'user_achievements', columns: ['user_id', 'achievement_id', 'acquired_time'], conflict: ['user_id', 'achievement_id'], update: [] }, rows.flatMap((r) => r.achievements));
      return res;
    },
  }),
  plan<EntryTarget>({
    name: 'comments',
    key: 'id',
    columns: () => 'id, type, toPlayerId, toOriginUserId, toOriginPersonaId, toOriginName, byUserId, createTime, valid, videoLink, content, cheatGame, cheatMethods, toCommentId, judgeAction, viewedAdmins, appealStatus, hackerLevel',
    // New entries, every appeal (their states change without a time), and every entry of a case
    // that changed or that staff edited since (edits move no time of the entry itself).
    since: (t) => ({
      where: `(createTime >= ? OR type = 'banAppeal' OR ${undatedSql('createTime')} OR toPlayerId IN (SELECT id FROM players WHERE updateTime >= ?)
        OR toPlayerId IN (SELECT CAST(toUserId AS UNSIGNED) FROM operation_log WHERE createTime >= ? AND role IN ('comment', 'appeal')))`,
      params: [t.wall, t.wall, t.utc],
    }),
    map: mapComment,
    place: {
      column: 'createTime',
      read: wallTime,
      noun: 'entry',
      group: { column: 'toPlayerId', name: 'its case' },
      // A case's time as the case is imported (map-players.ts): its creation, else its last update.
      groupTime: { sql: 'SELECT createTime, updateTime FROM players WHERE id = ?', name: 'its case' },
    },
    remember: (k, r) => k.addEntry(r.id, r.player_id, String(r.type)),
    write: (tx, rows) =>
      upsert(
        tx,
        {
          table: 'timeline',
          columns: ENTRY_COLUMNS,
          conflict: ['id'],
          // An appeal's status before it is worked out after the import: kept when the entry is read again.
          merge: { extra: `case when timeline.extra ? 'statusBefore' then excluded.extra || jsonb_build_object('statusBefore', timeline.extra->'statusBefore') else excluded.extra end` },
        },
        rows,
      ),
  }),
  plan<MessageTarget>({
    name: 'messages',
    key: 'id',
    columns: () => 'id, byUserId, toUserId, type, content, haveRead, createTime',
    since: (t) => ({ where: `(createTime >= ? OR type = 'banAppeal' OR ${undatedSql('createTime')})`, params: [t.wall] }),
    map: mapMessage,
    place: { column: 'createTime', read: wallTime, noun: 'message' },
    remember: () => undefined,
    write: (tx, rows) => upsert(tx, { table: 'messages', columns: ['id', 'by_user_id', 'to_user_id', 'type', 'content', 'player_id', 'have_read', 'create_time'], conflict: ['id'] }, rows),
  }),
  plan<FileTarget>({
    name: 'storage_items',
    key: 'id',
    columns: () => 'id, filename, size, byUserId, fileId, createTime',
    since: (t) => ({ where: 'createTime >= ?', params: [t.wall] }),
    map: mapStorageItem,
    remember: (k, r) => k.addFile(r.id, r.name),
    // Size, state and details become ours once `--files` copied the bytes: reading the row again keeps them.
    write: (tx, rows) => upsert(tx, { table: 'files', columns: ['id', 'name', 'by_user_id', 'mime_type', 'kind', 'state', 'size', 'details', 'create_time'], conflict: ['id'], update: ['name', 'by_user_id', 'create_time'] }, rows),
  }),
  plan<QuotaTarget>({
    name: 'storage_quotas',
    key: 'userId',
    columns: () => 'userId, totalStorageQuota, usedStorageQuota, maxTrafficQuota, todayTrafficQuota, maxFileNumber, todayFileNumber, prevResetTime',
    since: null,
    map: mapStorageQuota,
    remember: () => undefined,
    write: (tx, rows) => upsert(tx, { table: 'media_quotas', columns: ['user_id', 'day_bytes', 'day_files', 'day_start'], conflict: ['user_id'] }, rows),
  }),
  plan<OperationTarget>({
    name: 'operation_log',
    key: 'id',
    columns: () => 'id, createTime, byUserId, toUserId, action, role',
    since: (t) => ({ where: `(createTime >= ? OR ${undatedSql('createTime')})`, params: [t.utc] }),
    map: (raw) => mapOperation(raw),
    place: { column: 'createTime', read: (_, v) => timestampUtc(v), noun: 'log line' },
    remember: () => undefined,
    write: (tx, rows) => upsert(tx, { table: 'admin_log', columns: ['id', 'actor_id', 'action', 'target_user_id', 'target_case_id', 'target_entry_id', 'detail', 'create_time'], conflict: ['id'] }, rows),
  }),
];

/** Tables the import reads nothing of: short-lived rows (the original's verifications expire in 4 h, its captchas in 20 min). */
export const SKIPPED_TABLES = ['verifications', 'used_captchas'] as const;
