import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '@server/db/client';
import type { Issue } from './issues';
import type { Source } from './source';
import { NO_PASSWORD } from './map-users';
import { OPERATOR_ACTOR } from './finalize/admin-entry';
import { roomOf } from '@shared/socket';
import { anonymiseStoredAccount, withdrawStoredActivity, withdrawStoredActivityOfCases, withholdStoredEntry } from '@server/db/stored-events';
import { userAvatarOf } from '@server/modules/users/avatar';
import { isFeedEntryType } from '@server/modules/stats/activities';

/** Ids compared per step: each side of a step is at most this many ids in memory. */
export const DELETION_STEP = 20_000;

/**
 * What a row deleted on the old site becomes here, as this site deletes (server/modules/admin/):
 * `pending` is the SQL condition of rows not yet handled (a row handled by an earlier pass is not
 * reported again); `apply` handles the given ids and answers the names of copied files whose bytes
 * the storage should drop.
 */
interface DeletionPlan {
  source: string;
  target: string;
  pending: string;
  why: string;
  apply(tx: DbOrTx, ids: readonly number[], at: Date): Promise<string[]>;
}

const idList = (ids: readonly number[]) => sql.raw(`array[${ids.map((n) => Math.trunc(n)).join(',')}]::int[]`);

interface HiddenEntry {
  id: number;
  player_id: number;
  type: string;
}

/** Entries deleted: the events kept of them, and their feed lines, as hiding one here leaves them (server/modules/timeline/reply.ts, `setEntryVisibility`). */
async function withholdStoredEntries(tx: DbOrTx, entries: readonly HiddenEntry[]) {
  for (const e of entries) await withholdStoredEntry(tx, roomOf.case(e.player_id), e.id);
  const lines = entries.flatMap(({ type, id }) => (isFeedEntryType(type) ? [{ type, id }] : []));
  await withdrawStoredActivity(tx, lines);
}

export const DELETIONS: readonly DeletionPlan[] = [
  {
    // The original never deletes a case; one missing there is hidden here, as its `valid = 0` is.
    source: 'players',
    target: 'players',
    pending: 'valid',
    why: 'deleted on the old site: the case is hidden here',
    async apply(tx, ids) {
      await tx.execute(sql`update players set valid = false where id = any(${idList(ids)})`);
      // The events kept for replays tell things as they are now (docs/architecture.md, "A replay tells things as they are now").
      await withdrawStoredActivityOfCases(tx, ids);
      return [];
    },
  },
  {
    // A staff edit that empties an entry deleted its row there; here it is the same soft delete as
    // `setComment` (server/modules/admin/comments.ts): hidden, the text kept aside for staff.
    source: 'comments',
    target: 'timeline',
    pending: `not coalesce(extra ? 'deleted', false)`,
    why: 'deleted on the old site: hidden here, its text kept for staff (a deleted entry)',
    async apply(tx, ids, at) {
      const hidden = await tx.execute(sql`update timeline set
          extra = coalesce(extra, '{}'::jsonb) || jsonb_build_object('deleted', jsonb_build_object('time', ${at.toISOString()}::text, 'byUserId', ${OPERATOR_ACTOR}::int, 'content', content, 'videoLink', video_link)),
          content = '', video_link = null, valid = false
        where id = any(${idList(ids)})
        returning id, player_id, type`);
      await withholdStoredEntries(tx, (hidden as unknown as { rows: HiddenEntry[] }).rows);
      return [];
    },
  },
  {
    // Appeal notices are deleted there once enough staff saw them; messages are deleted here too.
    source: 'messages',
    target: 'messages',
    pending: 'true',
    why: 'deleted on the old site: deleted here',
    async apply(tx, ids) {
      await tx.execute(sql`delete from messages where id = any(${idList(ids)})`);
      return [];
    },
  },
  {
    // A hard delete there orphans the account's content; here the account is anonymised as
    // `delUser` type `real` does (server/modules/admin/users/accounts.ts): its cases and entries stay.
    source: 'users',
    target: 'users',
    pending: `username not like 'deleted-' || id || '-%'`,
    why: 'deleted on the old site: anonymised here, its cases and entries kept',
    async apply(tx, ids, at) {
      const anonymised = await tx.execute(sql`update users set valid = false, username = 'deleted-' || id || '-' || substr(md5(random()::text), 1, 6),
          password_hash = ${NO_PASSWORD}, privileges = '["normal"]'::jsonb, origin_name = null, origin_user_id = null, origin_persona_id = null,
          origin_email = null, attr = '{"changeNameLeft":0}'::jsonb, signout_time = ${at.toISOString()}::timestamptz, update_time = ${at.toISOString()}::timestamptz
        where id = any(${idList(ids)})
        returning id, username`);
      for (const { id, username } of (anonymised as unknown as { rows: Array<{ id: number; username: string }> }).rows) {
        await anonymiseStoredAccount(tx, { id, username, privileges: ['normal'], avatar: userAvatarOf({ originEmail: null, username }) });
      }
      return [];
    },
  },
  {
    // As `deleteFile` (server/modules/files/library.ts): the record goes, an avatar naming it is
    // dropped, the storage is counted again afterwards, copied bytes leave the storage.
    source: 'storage_items',
    target: 'files',
    pending: 'true',
    why: 'deleted on the old site: deleted here',
    async apply(tx, ids) {
      const { rows } = (await tx.execute(sql`delete from files where id = any(${idList(ids)})
        returning name, by_user_id, (details->'importedFrom'->>'copied') is distinct from 'false' as stored`)) as unknown as {
        rows: Array<{ name: string; by_user_id: number; stored: boolean }>;
      };
      for (const r of rows) await tx.execute(sql`update users set attr = attr - 'avatar' where id = ${r.by_user_id} and attr->>'avatar' = ${r.name}`);
      return rows.filter((r) => r.stored).map((r) => r.name);
    },
  },
];

export interface DeletionStep {
  ids: number[];
  issues: Issue[];
}

/**
 * The rows of one table that the old site no longer has: ids here below `below` (this site's own
 * rows start there) compared with the source's, one id range after another, so that neither side
 * is held whole (the original keeps no record of what it deleted).
 */
export async function* deletedRows(db: Db, source: Source, plan: DeletionPlan, below: number): AsyncGenerator<DeletionStep> {
  const { rows } = (await db.execute(sql.raw(`select coalesce(max(id), 0) as m from ${plan.target} where id < ${below}`))) as unknown as { rows: Array<{ m: number | string }> };
  const top = Number(rows[0]!.m);
  for (let lo = 1; lo <= top; lo += DELETION_STEP) {
    const hi = Math.min(lo + DELETION_STEP, top + 1);
    const { rows: here } = (await db.execute(sql.raw(`select id from ${plan.target} where id >= ${lo} and id < ${hi} and (${plan.pending}) order by id`))) as unknown as {
      rows: Array<{ id: number | string }>;
    };
    if (!here.length) continue;
    const there = new Set((await source.query<{ id: number | string }>(`SELECT id FROM ${plan.source} WHERE id >= ? AND id < ?`, [lo, hi])).map((r) => Number(r.id)));
    const ids = here.map((r) => Number(r.id)).filter((id) => !there.has(id));
    if (ids.length) yield { ids, issues: ids.map((id) => ({ table: plan.source, key: String(id), column: '(row)', value: null, why: plan.why, refused: false })) };
  }
}
