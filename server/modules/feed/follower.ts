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
 * in the change's transaction. That room is numbered like a case's room (`recordEvents` in
 * server/db/outbox.ts), not by the relay: its sequence row is raised just before the commit and
 * stays locked until it, so the feed's numbers have no gaps and follow commit order. A reader
 * that has seen number n has seen every change numbered below it, whichever transaction began
 * first, and a cursor never skips a change that commits later. The price is that the writers
 * that create a case or change its status, name or games (not replies, judgements that leave the
 * status, or chat) take turns for the moment of their commit, as writers of one case already do.
 */
export const caseFeedFollowsCases: CaseChangeSubscriber = async ({ r, before, after, created }) => {
  const change = feedChangeOf(before, after, created);
  if (change) await r.emit(roomOf.caseFeed, 'feed.case', change);
};
