import { roomOf } from '@shared/socket';
import type { EntryVisibilitySubscriber } from '@server/core/entry-visibility';
import { withdrawStoredActivity } from '@server/db/stored-events';
import { FEED_ENTRY_TYPES, type FeedEntryType } from './activities';

/**
 * A hidden (or deleted) report, judgement or appeal leaves the activity feed as `GET /activities`
 * leaves it out: open feeds drop its line (`activity.withdrawn`), and the event that brought it
 * becomes that withdrawal for replays. Shown again, it is back in a fresh read of the feed.
 */
export const feedFollowsEntryVisibility: EntryVisibilitySubscriber = async ({ r, entry }) => {
  if (entry.valid || !(FEED_ENTRY_TYPES as readonly string[]).includes(entry.type)) return;
  const lines = [{ type: entry.type as FeedEntryType, id: entry.id }];
  await withdrawStoredActivity(r.tx, lines);
  await r.emit(roomOf.all, 'activity.withdrawn', { lines });
};
