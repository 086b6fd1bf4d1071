import { sql } from 'drizzle-orm';
import type { TimelineSubject } from '../../../shared/timeline';
import { GAMES, type Game } from '../../../shared/games';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });

/**
 * The cases of one game, as the partial indexes of its lists state it; a list query must spell the
 * same condition (a constant, not a parameter) for PostgreSQL to read the list from them.
 */
export const inGameSql = (game: Game) => sql.raw(`"players"."valid" and "players"."games" @> '["${game}"]'::jsonb`);

/** `inGameSql` for `case_view_order`, which carries the cases' games beside its keys. */
export const viewOrderInGameSql = (game: Game) => sql.raw(`"case_view_order"."valid" and "case_view_order"."games" @> '["${game}"]'::jsonb`);

/** A case: one platform account reported for cheating, keyed by its platform user id. */
export const players = pgTable(
  'players',
  {
    id: serial('id').primaryKey(),
    originUserId: varchar('origin_user_id', { length: 20 }).notNull(),
    originPersonaId: varchar('origin_persona_id', { length: 20 }).notNull(),
    originName: varchar('origin_name', { length: 64 }).notNull(),
    avatarLink: varchar('avatar_link', { length: 512 }),
    games: jsonb('games').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    cheatMethods: jsonb('cheat_methods').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    status: smallint('status').notNull().default(0),
    /** When the current status began (the 7-day suspect rule counts from here). */
    statusTime: ts('status_time').notNull().defaultNow(),
    hackerLevel: smallint('hacker_level'),
    appealStatus: varchar('appeal_status', { length: 16 }),
    viewNum: integer('view_num').notNull().default(0),
    commentsNum: integer('comments_num').notNull().default(0),
    valid: boolean('valid').notNull().default(true),
    createTime: ts('create_time').notNull().defaultNow(),
    updateTime: ts('update_time').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('players_origin_user_id_uq').on(t.originUserId),
    index('players_persona_idx').on(t.originPersonaId),
    // Visibility last in each list index: a page's ids (skipped rows included) are read from the
    // index alone, and only the page's own rows from the table.
    index('players_create_idx').on(t.createTime.desc(), t.id.desc(), t.valid),
    index('players_update_idx').on(t.updateTime.desc(), t.id.desc(), t.valid),
    index('players_status_create_idx').on(t.status, t.createTime.desc(), t.id.desc(), t.valid),
    index('players_status_update_idx').on(t.status, t.updateTime.desc(), t.id.desc(), t.valid),
    // One status by replies: without it a deep page walked the whole sort's index and read each
    // case from the table for its status (20,000 reads for the 100th page of a status). The order by
    // views lives in `case_view_order`: no index of this table holds `view_num`.
    index('players_status_comments_idx').on(t.status, t.commentsNum.desc(), t.id.desc(), t.valid),
    index('players_comments_idx').on(t.commentsNum.desc(), t.id.desc(), t.valid),
    index('players_games_idx').using('gin', t.games),
    // Lists of one game by report or update time read their pages from these (a rare game would
    // otherwise be looked for through every case).
    ...GAMES.flatMap((g) => [
      index(`players_${g}_create_idx`).on(t.createTime.desc(), t.id.desc()).where(inGameSql(g)),
      index(`players_${g}_update_idx`).on(t.updateTime.desc(), t.id.desc()).where(inGameSql(g)),
    ]),
    // The visible cases' ids: a filtered name search's counts check each name's case from this index alone.
    index('players_visible_idx').on(t.id).where(sql`${t.valid}`),
    // The hidden cases' ids (few): an unfiltered name search hashes them once and checks its names against that, reading no case.
    index('players_hidden_idx').on(t.id).where(sql`not ${t.valid}`),
    // The 7-day suspect sweep reads only the cases in status 2, oldest first.
    index('players_suspect_deadline_idx').on(t.statusTime).where(sql`${t.status} = 2`),
  ],
);
export type PlayerRow = typeof players.$inferSelect;

/**
 * The cases in order of views, kept by a trigger from `players` (migration 0036): a stored view
 * changes only `players.view_num`, which no index of `players` holds, so PostgreSQL writes the new
 * row version beside the old one and touches none of the cases' indexes; only these two narrow
 * indexes take the new count. Lists and searches sorted by views walk them, filtering by game on
 * the games their keys carry (`INCLUDE`, migration 0036; drizzle cannot declare it).
 */
export const caseViewOrder = pgTable(
  'case_view_order',
  {
    caseId: integer('case_id')
      .primaryKey()
      .references(() => players.id, { onDelete: 'cascade' }),
    status: smallint('status').notNull(),
    valid: boolean('valid').notNull(),
    games: jsonb('games').$type<string[]>().notNull(),
    viewNum: integer('view_num').notNull(),
  },
  (t) => [
    // What a list filters by in the keys or beside them: a page's ids, in a game or not, come from the index alone.
    index('case_view_order_views_idx').on(t.viewNum.desc(), t.caseId.desc(), t.valid),
    index('case_view_order_status_views_idx').on(t.status, t.viewNum.desc(), t.caseId.desc(), t.valid),
  ],
);

/** `name_key` as one word for the trigram index and its searches (see `name_history_word_trgm`). */
export const NAME_WORD_SQL = sql.raw(`translate("name_history"."name_key", '_', '0')`);

/** Every name a case's account was seen with; `nameKey` folds case and look-alike characters for search. */
export const nameHistory = pgTable(
  'name_history',
  {
    id: serial('id').primaryKey(),
    playerId: integer('player_id').notNull().references(() => players.id, { onDelete: 'cascade' }),
    originName: varchar('origin_name', { length: 64 }).notNull(),
    nameKey: varchar('name_key', { length: 64 }).notNull(),
    fromTime: ts('from_time').notNull().defaultNow(),
    toTime: ts('to_time').notNull().defaultNow(),
    /** The case's games (`players.games`), kept by triggers (migration 0024): the name indexes find a game's names alone. */
    caseGames: jsonb('case_games').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  },
  (t) => [
    uniqueIndex('name_history_player_name_uq').on(t.playerId, t.originName),
    // Trigrams of the key read as one word: `_` (separators) becomes `0`, which keys never hold
    // (digits fold to letters), so trigrams also span separators (`r0a` in `sniper_a...`).
    // The case's games beside the word: a search in one game intersects both in the index.
    index('name_history_word_trgm').using('gin', sql`translate(${t.nameKey}, '_', '0') gin_trgm_ops`, sql`${t.caseGames} jsonb_path_ops`),
    // Every 4 characters of that word (function `name_quadgrams`, migration 0010): name search looks
    // up a few uncommon ones, whose lists are short, and checks the whole pattern on the names found.
    index('name_history_quadgram_idx').using('gin', sql`name_quadgrams(translate(${t.nameKey}, '_', '0'))`, sql`${t.caseGames} jsonb_path_ops`),
    // Keys in byte order (collation "C", whatever the database's): the names that start with a
    // searched key are one range of it, the key itself first (best match, `searchPlayers`); the case
    // id and the case's games last, so that counting a range, in one game or all, reads the index alone.
    index('name_history_key_order_idx').on(sql`(${t.nameKey} collate "C")`, t.id.desc(), t.playerId, t.caseGames),
  ],
);

export type TimelineType = TimelineSubject;

/** Every entry of a case timeline: reports, replies, judgements, appeals, name changes. */
export const timeline = pgTable(
  'timeline',
  {
    id: serial('id').primaryKey(),
    type: varchar('type', { length: 16 }).$type<TimelineType>().notNull(),
    playerId: integer('player_id').notNull().references(() => players.id, { onDelete: 'cascade' }),
    /** Snapshot of the account when the entry was written. */
    toOriginUserId: varchar('to_origin_user_id', { length: 20 }).notNull(),
    toOriginPersonaId: varchar('to_origin_persona_id', { length: 20 }).notNull(),
    toOriginName: varchar('to_origin_name', { length: 64 }).notNull(),
    /** Null for entries the system writes. */
    byUserId: integer('by_user_id'),
    content: text('content').notNull().default(''),
    /** Appeals: type and links; name changes: before and after. */
    extra: jsonb('extra').$type<Record<string, unknown>>(),
    videoLink: text('video_link'),
    cheatGame: varchar('cheat_game', { length: 8 }),
    cheatMethods: jsonb('cheat_methods').$type<string[]>(),
    quoteId: integer('quote_id'),
    judgeAction: varchar('judge_action', { length: 16 }),
    hackerLevel: smallint('hacker_level'),
    appealStatus: varchar('appeal_status', { length: 16 }),
    viewedAdmins: jsonb('viewed_admins').$type<number[]>(),
    /** False = hidden by staff (still shown to staff). */
    valid: boolean('valid').notNull().default(true),
    createTime: ts('create_time').notNull().defaultNow(),
  },
  (t) => [
    // Type and visibility in the key too: counts and positions of a case's listings are read from the index alone.
    index('timeline_player_idx').on(t.playerId, t.id, t.type, t.valid),
    index('timeline_player_type_idx').on(t.playerId, t.type, t.id),
    index('timeline_user_type_idx').on(t.byUserId, t.type, t.createTime.desc()),
    index('timeline_type_time_idx').on(t.type, t.createTime.desc(), t.id.desc()),
    /** Newest entries first, ties by id: the comment search reads a common word's page down it instead of sorting all its matches. */
    index('timeline_time_idx').on(t.createTime.desc(), t.id.desc()),
    index('timeline_content_trgm').using('gin', sql`lower(${t.content}) gin_trgm_ops`),
  ],
);
export type TimelineRow = typeof timeline.$inferSelect;

/** Cases a user follows (at most 100). */
export const subscriptions = pgTable(
  'subscriptions',
  {
    userId: integer('user_id').notNull(),
    playerId: integer('player_id').notNull().references(() => players.id, { onDelete: 'cascade' }),
    createTime: ts('create_time').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.playerId] }), index('subscriptions_player_idx').on(t.playerId)],
);

/** Case counts per (game, status), kept by a trigger: statistics never scan the cases. `*` = every game. */
export const caseCounts = pgTable(
  'case_counts',
  {
    game: varchar('game', { length: 8 }).notNull(),
    status: smallint('status').notNull(),
    count: integer('count').notNull().default(0),
    /** Writers spread over COUNTER_SHARDS rows per key (by transaction), so parallel writes do not queue on one row; readers sum. */
    shard: smallint('shard').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.game, t.status, t.shard] })],
);

/** Per-day totals kept by triggers, for the statistics charts. */
export const dailyStats = pgTable(
  'daily_stats',
  {
    day: varchar('day', { length: 10 }).notNull(),
    players: integer('players').notNull().default(0),
    confirmed: integer('confirmed').notNull().default(0),
    users: integer('users').notNull().default(0),
    reports: integer('reports').notNull().default(0),
    replies: integer('replies').notNull().default(0),
    judgements: integer('judgements').notNull().default(0),
    appeals: integer('appeals').notNull().default(0),
    /** As in case_counts: one row per day and shard; readers sum. */
    shard: smallint('shard').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.shard] })],
);
