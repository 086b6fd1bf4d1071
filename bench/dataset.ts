import pg from 'pg';
import { NAME_FOLD } from '@shared/names';

/** The generated users' names: word, word, number (`SilentFox1234`), so a search by part of one finds a few or many. */
const USER_WORDS = [
  ['Silent', 'Rapid', 'Lucky', 'Dark', 'Iron', 'Crazy', 'Frozen', 'Golden', 'Lazy', 'Red', 'Wild', 'Quiet'],
  ['Fox', 'Wolf', 'Eagle', 'Tiger', 'Otter', 'Raven', 'Bear', 'Shark', 'Panda', 'Viper', 'Falcon', 'Moose'],
] as const;
export const benchUserName = (i: number) => `${USER_WORDS[0][i % 12]}${USER_WORDS[1][Math.floor(i / 12) % 12]}${i}`;
const userNameSql = (i: string) =>
  `(ARRAY['${USER_WORDS[0].join("','")}'])[1 + ${i} % 12] || (ARRAY['${USER_WORDS[1].join("','")}'])[1 + (${i} / 12) % 12] || ${i}`;

/** nameKey() in SQL, for bulk rows (same folding as shared/names.ts). */
const from = Object.keys(NAME_FOLD).join('').replace(/'/g, "''");
const to = Object.values(NAME_FOLD).join('');
const keySql = (col: string) => `replace(replace(translate(lower(${col}), '${from}', '${to}'), 'rn', 'm'), 'vv', 'w')`;

/**
 * Fills a migrated PostgreSQL database with a synthetic site: `cases` cases (games, statuses,
 * names with look-alikes), 5 timeline entries and ~1.2 names each, and `users` users (named by
 * `benchUserName`, with no usable password: bench/read/accounts.ts adds the ones that sign in). Bulk SQL with
 * the counter triggers off, then the counters rebuilt in one pass.
 */
export async function generateDataset(databaseUrl: string, cases: number, users: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await fillDataset((text) => client.query(text), cases, users);
  } finally {
    await client.end();
  }
}

/** The same site written through any runner of SQL text (PGlite's for the embedded read bench). */
export async function fillDataset(run: (text: string) => Promise<{ rows: unknown[] }>, cases: number, users: number) {
  const q = <T = unknown>(text: string) => run(text) as Promise<{ rows: T[] }>;
  await q(`SET maintenance_work_mem = '512MB'`);
  // Secondary indexes are dropped for the bulk load and built again after it (much faster than
  // maintaining them row by row, above all the trigram ones).
  const { rows: indexes } = await q<{ name: string; def: string }>(
    `SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
     WHERE i.schemaname = 'public' AND i.tablename IN ('players', 'name_history', 'timeline', 'users')
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
  );
  for (const i of indexes) await q(`DROP INDEX ${i.name}`);
  await q('ALTER TABLE players DISABLE TRIGGER players_counters');
  await q('ALTER TABLE users DISABLE TRIGGER users_counters');
  await q('ALTER TABLE timeline DISABLE TRIGGER timeline_counters');
  await q('ALTER TABLE name_history DISABLE TRIGGER name_history_case_games');
  await q(`INSERT INTO users (username, password_hash, privileges, attr, create_time, update_time)
    SELECT ${userNameSql('i')}, 'x', CASE WHEN i % 500 = 0 THEN '["admin"]'::jsonb ELSE '["normal"]'::jsonb END, '{}'::jsonb,
           now() - (i || ' minutes')::interval, now()
    FROM generate_series(1, ${users}) i`);
  const games = `(ARRAY['bf1','bf3','bf4','bfv','bf6'])`;
  await q(`INSERT INTO players (origin_user_id, origin_persona_id, origin_name, games, status, view_num, comments_num, create_time, update_time, status_time)
    SELECT (2000000000 + i)::text, (3000000000 + i)::text,
           (ARRAY['Sniper','Wallhack','Ghost','Rusher','Tank','Pilot','Medic','Scout'])[1 + i % 8] || '_' || md5(i::text)::varchar(10),
           jsonb_build_array(${games}[1 + i % 5]), (i % 10)::smallint, (i::bigint * 7919 % 5000)::int, 5,
           now() - ((i % 2000) || ' hours')::interval, now() - ((i % 1000) || ' minutes')::interval, now()
    FROM generate_series(1, ${cases}) i`);
  // Each name with its case's games, as the trigger (off for the load) would give them.
  await q(`INSERT INTO name_history (player_id, origin_name, name_key, from_time, to_time, case_games)
    SELECT id, origin_name, ${keySql('origin_name')}, create_time, update_time, games FROM players`);
  await q(`INSERT INTO name_history (player_id, origin_name, name_key, from_time, to_time, case_games)
    SELECT id, 'Old' || origin_name, ${keySql("'Old' || origin_name")}, create_time, create_time, games FROM players WHERE id % 5 = 0`);
  await q(`INSERT INTO timeline (type, player_id, to_origin_user_id, to_origin_persona_id, to_origin_name, by_user_id, content, create_time, cheat_game, cheat_methods)
    SELECT (ARRAY['report','reply','reply','judgement','reply'])[1 + k], p.id, p.origin_user_id, p.origin_persona_id, p.origin_name,
           1 + (p.id * 31 + k) % ${users}, '<p>Synthetic entry ' || k || ' about ' || p.origin_name || ' with some words to search.</p>',
           p.create_time + (k || ' hours')::interval, CASE WHEN k = 0 THEN p.games->>0 END, CASE WHEN k = 0 THEN '["aimbot"]'::jsonb END
    FROM players p CROSS JOIN generate_series(0, 4) k`);
  for (const i of indexes) await q(i.def);
  await q('TRUNCATE case_counts, daily_stats');
  await q(`INSERT INTO case_counts (game, status, count)
    SELECT g, status, count(*) FROM players, LATERAL (SELECT jsonb_array_elements_text(games) g UNION ALL SELECT '*') x WHERE valid GROUP BY g, status`);
  await q(`INSERT INTO daily_stats (day, players, confirmed, users, reports, replies, judgements)
    SELECT day, sum(p), sum(c), sum(u), sum(r), sum(rp), sum(j) FROM (
      SELECT tribunal_day(create_time) AS day, 1 p, (status = 1)::int c, 0 u, 0 r, 0 rp, 0 j FROM players
      UNION ALL SELECT tribunal_day(create_time), 0, 0, 1, 0, 0, 0 FROM users
      UNION ALL SELECT tribunal_day(create_time), 0, 0, 0, (type = 'report')::int, (type = 'reply')::int, (type = 'judgement')::int FROM timeline
    ) t GROUP BY day`);
  await q('ALTER TABLE players ENABLE TRIGGER players_counters');
  await q('ALTER TABLE users ENABLE TRIGGER users_counters');
  await q('ALTER TABLE timeline ENABLE TRIGGER timeline_counters');
  await q('ALTER TABLE name_history ENABLE TRIGGER name_history_case_games');
  await q('VACUUM ANALYZE');
}
