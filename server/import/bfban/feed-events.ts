import { asc, sql } from 'drizzle-orm';
import { roomOf } from '@shared/socket';
import { players, type PlayerRow } from '@server/db/schema';
import type { DbOrTx } from '@server/db/client';
import { recordEvents, type EmittedEvent } from '@server/db/outbox';
import { feedChangeOf } from '@server/modules/feed/follower';

const casesOf = (tx: DbOrTx, ids: readonly number[]) =>
  tx
    .select()
    .from(players)
    .where(sql`${players.id} in (select value::int from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`)
    .orderBy(asc(players.id));

/**
 * Writes a batch of imported cases with `write` and tells the ban-list feed what it changed, in the
 * batch's transaction, as a change made here is told (`server/modules/feed/follower.ts`): a case
 * new to the list is `created` with its current status, a case whose status, name or games the
 * pass changed is told that change. The events are stored unnumbered, as every writer's of the
 * feed's room, and the relay of a running node numbers them after the commit (within its sweep when
 * the import runs as a command beside the site, or when the site starts after it), so a tool's
 * cursor sees imported cases in commit order like any other change. A case hidden on the old site
 * is not listed (nor in the export): it is not told, and one that comes back is told as created.
 * `at` is the case's time of change on the old site (its `updateTime`): when it was decided there,
 * which the status times this site recounts after the import (finalize/counters.ts) do not know yet.
 */
export async function writeCasesTellingFeed<T>(tx: DbOrTx, ids: readonly number[], write: () => Promise<T>): Promise<T> {
  if (!ids.length) return write();
  const before = new Map<number, PlayerRow>((await casesOf(tx, ids)).map((row) => [row.id, row]));
  const written = await write();
  const emitted: EmittedEvent<'feed.case'>[] = [];
  for (const after of await casesOf(tx, ids)) {
    if (!after.valid) continue;
    const was = before.get(after.id);
    const created = !was || !was.valid;
    const change = feedChangeOf(was ?? after, after, created);
    if (change) emitted.push({ room: roomOf.caseFeed, name: 'feed.case', payload: { ...change, at: after.updateTime.toISOString() } });
  }
  if (emitted.length) await recordEvents(tx, emitted);
  return written;
}
