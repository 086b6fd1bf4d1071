/** Every background job and its data: one typed map for both runners. */
export interface JobMap {
  /** Deletes expired verification codes and realtime events past the replay horizon. */
  'maintenance.purge': Record<string, never>;
  /** A case's 7-day suspect deadline: confirms it if it is still in status 2. */
  'case.suspectDeadline': { playerId: number };
  /** Confirms every overdue suspect: after a restart, and as a safety net for lost jobs. */
  'case.suspectSweep': Record<string, never>;
  /** Sends one webhook delivery (retries reschedule it with backoff). */
  'webhook.deliver': { deliveryId: number };
  /** Sends every due delivery whose job was lost. */
  'webhook.sweep': Record<string, never>;
  /** Decodes, cleans and re-encodes one uploaded image (job id = file id), ending it `ready` or `failed`. */
  'media.process': { fileId: number };
  /** Picks up images left `processing` (lost jobs), and removes expired big-file upload sessions. */
  'media.sweep': Record<string, never>;
  /** A case was confirmed: its reporters are checked for the report levels. */
  'achievements.caseConfirmed': { playerId: number };
  /** A mute's end (job id = user and end): clears it and tells the user, once. */
  'user.muteEnd': { userId: number; until: number };
  /** Every minute and at start: ends mutes whose job was lost. */
  'user.muteSweep': Record<string, never>;
  /** A password reset request: mails a code if the name and e-mail match (attempt counts our own retries). */
  'auth.resetMail': { username: string; originEmail: string; language?: string; attempt?: number };
  /** Nightly: members of the windowed community rankings and owners of trending cases get their achievements. */
  'achievements.rankings': Record<string, never>;
  /** Embedded database only, every minute: vacuums and analyzes the tables PostgreSQL's autovacuum would (server/db/vacuum.ts). */
  'db.vacuum': Record<string, never>;
  /** Hourly: makes the day's open-data dump if it is not made yet, and deletes the dumps past their days. */
  'openData.dump': Record<string, never>;
}

/** Jobs that run on their own BullMQ queue (and its own worker), away from the short ones. */
export const JOB_QUEUES: Partial<Record<JobName, string>> = { 'media.process': 'media', 'media.sweep': 'media' };
/** Workers per queue: image work is CPU-bound, so two at a time on the 2 cores we plan for. */
export const QUEUE_CONCURRENCY: Record<string, number> = { jobs: 4, media: 2 };
export type JobName = keyof JobMap;
export type JobHandler<K extends JobName> = (data: JobMap[K]) => Promise<void>;

export interface EnqueueOptions {
  delayMs?: number;
  /** A job with the same id is added only once (deadlines use the case id). */
  jobId?: string;
  /** The data is personal (a typed name and e-mail): nothing of the job is kept once it ran, failed or not. */
  personal?: boolean;
}

/** The queue interface: BullMQ on Redis, or an in-process runner with the same behaviour. */
export interface JobRunner {
  kind: 'bullmq' | 'in-process';
  register<K extends JobName>(name: K, handler: JobHandler<K>): void;
  enqueue<K extends JobName>(name: K, data: JobMap[K], opts?: EnqueueOptions): Promise<void>;
  /**
   * Runs `name` every `everyMs` (one schedule per name across all nodes), at the multiples of
   * `everyMs` on the clock (`nextSlot`): never at a node's start, when a dump of the whole site or a
   * ranking of every member would take the core that serves the first requests.
   */
  repeat<K extends JobName>(name: K, data: JobMap[K], everyMs: number): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
  /** For /api/health: fails when the queue's store cannot be read or no worker runs. */
  status(): Promise<QueueStatus>;
}

export interface QueueStatus {
  /** Workers taking jobs (BullMQ: one per queue on this node; in-process: 1 once started). */
  workers: number;
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
}

/** The next multiple of `everyMs` since the epoch after `now`: the same instant on every node (hourly jobs on the hour, daily ones at 00:00 UTC). */
export const nextSlot = (everyMs: number, now = Date.now()) => (Math.floor(now / everyMs) + 1) * everyMs;
