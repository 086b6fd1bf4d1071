import type { CaseRecord } from '@shared/types/cases';
import type { PlayerRow } from '@server/db/schema';
import type { Recorder } from '@server/db/outbox';
import type { Services } from './services';
import { followerList } from './followers';

/** A case changed by an entry joining its timeline (`appendEntry`), told inside the writer's transaction. */
export interface CaseChange {
  services: Services;
  r: Recorder;
  before: PlayerRow;
  after: PlayerRow;
  /** The case as its events present it. */
  record: CaseRecord;
  /** The change created the case (a first report). */
  created: boolean;
  statusChanged: boolean;
  /** More for a status change's webhook (who judged, how an appeal ended). */
  stateChange?: Record<string, unknown>;
}

/** What a module does when a case changes: its writes join the transaction (`r`), its later work goes to `r.afterCommit`. */
export type CaseChangeSubscriber = (change: CaseChange) => Promise<void> | void;

const followers = followerList<CaseChange>();

/** Adds what follows a case's changes (the open-case count, webhooks, deadlines, achievements). */
export const subscribeToCaseChanges = followers.subscribe;

export const tellCaseChanged = followers.tell;
