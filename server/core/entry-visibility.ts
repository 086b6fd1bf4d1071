import type { TimelineRow } from '@server/db/schema';
import type { Recorder } from '@server/db/outbox';

/** A timeline entry hidden (or deleted) or shown again, told inside the writer's transaction. */
export interface EntryVisibilityChange {
  r: Recorder;
  /** The entry as it is now (`valid` says which way it went). */
  entry: TimelineRow;
}

/** What a module does when an entry is hidden or shown: its writes join the transaction (`r`). */
export type EntryVisibilitySubscriber = (change: EntryVisibilityChange) => Promise<void> | void;

const subscribers = new Set<EntryVisibilitySubscriber>();

/** Adds what follows an entry's visibility (the activity feed); a follower added again is not added twice. */
export function subscribeToEntryVisibility(...followers: EntryVisibilitySubscriber[]) {
  for (const f of followers) subscribers.add(f);
}

/** Runs every follower, in the order they were added. */
export async function tellEntryVisibility(change: EntryVisibilityChange) {
  for (const f of subscribers) await f(change);
}
