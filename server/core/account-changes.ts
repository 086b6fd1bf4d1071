import type { UserRow } from '@server/db/schema';
import type { Recorder } from '@server/db/outbox';
import type { Services } from './services';
import { followerList } from './followers';

/** What the site shows of an account wherever it names it. */
export type AccountShown = Pick<UserRow, 'id' | 'username' | 'privileges' | 'valid' | 'createTime'>;

/** An account renamed, hidden, shown again or anonymised, told inside the writer's transaction. */
export interface AccountChange {
  services: Services;
  r: Recorder;
  before: AccountShown;
  after: AccountShown;
}

/** What a module does when an account changes: its writes join the transaction (`r`). */
export type AccountChangeSubscriber = (change: AccountChange) => Promise<void> | void;

const followers = followerList<AccountChange>();

/** Adds what follows an account's name and visibility (the activity feed, notices that name it). */
export const subscribeToAccountChanges = followers.subscribe;

export const tellAccountChanged = followers.tell;
