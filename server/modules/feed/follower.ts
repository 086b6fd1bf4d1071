import { roomOf } from '@shared/socket';
import type { FeedChange, FeedChangeKind } from '@shared/types/feed';
import type { PlayerRow } from '@server/db/schema';
import type { CaseChangeSubscriber } from '@server/core/case-changes';

const sameGames = (a: string[], b: string[]) => a.length === b.length && a.every((g, i) => g === b[i]);

/** What the feed tells of a case's change (nothing when none of what it follows moved). */
export function feedChangeOf(before: PlayerRow, after: PlayerRow, created: boolean): FeedChange | null {
  const changed: FeedChangeKind[] = [];
  if (created) changed.push('created');
  else {
    if (after.status !== before.status) changed.push('status');
    if (after.originName !== before.originName) changed.push('name');
    if (!sameGames(after.games, before.games)) changed.push('games');
  }
  if (!changed.length) return null;
  return {
    dbId: after.id,
    personaId: after.originPersonaId,
    userId: after.originUserId,
    name: after.originName,
    games: after.games,
    status: after.status,
    previousStatus: created ? null : before.status,
    hackerLevel: after.status === 1 ? after.hackerLevel : null,
    changed,
    at: (changed.includes('status') || created ? after.statusTime : after.updateTime).toISOString(),
  };
}

/**
 * The ban-list feed follows a case's changes: each is an event of the `feed:cases` room, written
 * in the change's transaction. The room is site-wide (`SITE_WIDE_ROOMS` in server/db/outbox.ts):
 * the relay numbers its events after their writers committed, one pass after the other on the
 * room's sequence row, so the numbers have no gaps and a reader that has seen number n has seen
 * every change numbered below it. A cursor thus never skips a change whose transaction began
 * earlier and committed later: that change was not numbered yet, and takes a number after the
 * cursor. Numbering in the writer instead (as a case's room is) would make every writer that
 * creates a case or changes its status wait for the others' commits on that one row: reports in
 * parallel ran up to half as fast (bench/parallel-reports.ts).
 */
export const caseFeedFollowsCases: CaseChangeSubscriber = async ({ r, before, after, created }) => {
  const change = feedChangeOf(before, after, created);
  if (change) await r.emit(roomOf.caseFeed, 'feed.case', change);
};
