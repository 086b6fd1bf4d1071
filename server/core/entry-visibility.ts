import type { TimelineRow } from '@server/db/schema';
import type { Recorder } from '@server/db/outbox';
import { followerList } from './followers';

/** A timeline entry hidden (or deleted) or shown again, told inside the writer's transaction. */
export interface EntryVisibilityChange {
  r: Recorder;
  /** The entry as it is now (`valid` says which way it went). */
  entry: TimelineRow;
}

/** What a module does when an entry is hidden or shown: its writes join the transaction (`r`). */
export type EntryVisibilitySubscriber = (change: EntryVisibilityChange) => Promise<void> | void;

const followers = followerList<EntryVisibilityChange>();

/** Adds what follows an entry's visibility (the activity feed). */
export const subscribeToEntryVisibility = followers.subscribe;

export const tellEntryVisibility = followers.tell;
