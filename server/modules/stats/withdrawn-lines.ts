import { roomOf } from '@shared/socket';
import type { EntryVisibilitySubscriber } from '@server/core/entry-visibility';
import type { Recorder } from '@server/db/outbox';
import type { TimelineRow } from '@server/db/schema';
import { withdrawStoredActivity } from '@server/db/stored-events';
import { feedEntryOf, isFeedEntryType, type FeedEntryType } from './activities';
import { presentFeedEntry } from './activity-presenter';

const isFeedEntry = (entry: TimelineRow): entry is TimelineRow & { type: FeedEntryType } => isFeedEntryType(entry.type);

/**
 * A hidden (or deleted) report, judgement or appeal leaves the activity feed as `GET /activities`
 * leaves it out: open feeds drop its line (`activity.withdrawn`), and the events that brought it
 * become that withdrawal for replays. Shown again, its line is told again as `activity`, which
 * feeds place by its time (client/pages/home/activityFeed.ts); a replay meets it after the
 * withdrawals, so it ends with the line back, and hiding it again withdraws that event too.
 */
export const feedFollowsEntryVisibility: EntryVisibilitySubscriber = async ({ r, entry }) => {
  if (!isFeedEntry(entry)) return;
  await (entry.valid ? tellLineShown(r, entry) : withdrawLine(r, entry));
};

async function withdrawLine(r: Recorder, entry: TimelineRow & { type: FeedEntryType }) {
  const lines = [{ type: entry.type, id: entry.id }];
  await withdrawStoredActivity(r.tx, lines);
  await r.emit(roomOf.all, 'activity.withdrawn', { lines });
}

/** The line as a fresh read shows it; none while its case is hidden (the read leaves it out). */
async function tellLineShown(r: Recorder, entry: TimelineRow & { type: FeedEntryType }) {
  const row = await feedEntryOf(r.tx, entry.id);
  if (row) await r.emit(roomOf.all, 'activity', { item: presentFeedEntry(entry.type, row) });
}
