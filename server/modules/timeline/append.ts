import { eq, sql } from 'drizzle-orm';
import { roomOf } from '@shared/socket';
import type { CaseRecord, TimelineEntry } from '@shared/types/cases';
import { players, timeline, type PlayerRow, type TimelineRow, type UserRow } from '@server/db/schema';
import type { Services } from '@server/services';
import type { Recorder } from '@server/realtime/outbox';
import { presentCase } from '@server/modules/cases/presenter';
import type { NameChange } from '@server/modules/cases/sighting';
import { emitOpenCaseCount, movesOpenCount } from '@server/modules/notifications/open-cases';
import { queueWebhookEvent } from '@server/modules/webhooks/queue';
import { tallyOf } from '@server/modules/judgement/votes';
import { scheduleSuspectDeadline } from '@server/modules/judgement/suspect-schedule';
import { activityOf } from './activity';
import { presentEntries } from './queries';
import { caseSnapshot } from './snapshot';

type EntryType = 'report' | 'reply' | 'judgement' | 'banAppeal';
type EntryFields = Partial<Pick<TimelineRow, 'content' | 'extra' | 'videoLink' | 'cheatGame' | 'cheatMethods' | 'quoteId' | 'judgeAction' | 'hackerLevel' | 'appealStatus' | 'viewedAdmins'>>;
type CaseChanges = Partial<Pick<PlayerRow, 'status' | 'originName' | 'originPersonaId' | 'avatarLink' | 'games' | 'cheatMethods' | 'hackerLevel' | 'appealStatus' | 'valid'>>;

export interface NewEntry {
  type: EntryType;
  /** Null for what the system writes (the 7-day rule). */
  author: Pick<UserRow, 'id' | 'username' | 'privileges'> | null;
  fields: EntryFields;
  /** What the entry changes on the case; the reply count and update time always move. */
  caseChanges?: CaseChanges;
  /** A new name the same change saw (a report refreshing the account): its entry comes first. */
  renamed?: NameChange | null;
  /** The case was created by this change (a first report). */
  created?: boolean;
  /** Votes may have moved: send the running tally. */
  tally?: boolean;
  /** More to tell a status change's webhook (who judged, how an appeal ended). */
  stateChange?: Record<string, unknown>;
  at?: Date;
}

export interface AppendedEntry {
  entry: TimelineRow;
  presented: TimelineEntry;
  before: PlayerRow;
  after: PlayerRow;
  record: CaseRecord;
}

/**
 * The one way an entry joins a case's timeline (report, reply, judgement, appeal, the 7-day
 * rule), inside the caller's transaction with the case row locked: the entry and the case's
 * changes are written, the case page and the site are told, the open-case count, webhooks and
 * the 7-day deadline follow a status change. Notifications stay with the caller: who hears of
 * what depends on the kind of entry.
 */
export async function appendEntry(services: Services, r: Recorder, c: PlayerRow, input: NewEntry): Promise<AppendedEntry> {
  const { tx, emit } = r;
  const at = input.at ?? new Date();
  const changes = input.caseChanges ?? {};
  const statusChanged = changes.status !== undefined && changes.status !== c.status;
  const [after] = await tx
    .update(players)
    .set({
      ...changes,
      statusTime: statusChanged ? at : c.statusTime,
      commentsNum: sql`${players.commentsNum} + 1`,
      updateTime: at,
    })
    .where(eq(players.id, c.id))
    .returning();
  const room = roomOf.case(c.id);
  if (input.renamed) await appendNameChange(r, after!, input.renamed, at);
  const [entry] = await tx
    .insert(timeline)
    .values({ type: input.type, ...caseSnapshot(after!), byUserId: input.author?.id ?? null, ...input.fields, createTime: at })
    .returning();
  const [presented] = await presentEntries(tx, [entry!]);
  await emit(room, 'timeline.added', { entry: presented! });
  const record = presentCase(after!);
  await emit(room, 'case.updated', { case: record });
  if (input.tally) await emit(room, 'case.votes', await tallyOf(tx, after!));
  if (input.type !== 'reply') await emit(roomOf.all, 'activity', { item: activityOf(input.type, entry!, input.author, record) });

  if (input.created || movesOpenCount(c.status, after!.status)) await emitOpenCaseCount(r);
  if (input.created || statusChanged) {
    await queueWebhookEvent(r, services.jobs, 'stateChange', { case: record, from: input.created ? null : c.status, to: after!.status, ...input.stateChange });
  }
  if (after!.status === 2 && (input.created || c.status !== 2)) r.afterCommit(() => scheduleSuspectDeadline(services, after!));
  // Reporters of a newly confirmed case may reach a report level (granted by a job, announced to them).
  if (after!.status === 1 && c.status !== 1) r.afterCommit(() => services.jobs.enqueue('achievements.caseConfirmed', { playerId: c.id }));
  return { entry: entry!, presented: presented!, before: c, after: after!, record };
}

/**
 * A name change seen on the platform (reference §4: every sighting is logged): a system entry
 * that counts no reply, shown live. `c` is the case as it is after the change.
 */
export async function appendNameChange(r: Recorder, c: PlayerRow, change: NameChange, at = new Date()) {
  const [row] = await r.tx
    .insert(timeline)
    .values({ type: 'historyUsername', ...caseSnapshot(c), byUserId: null, extra: { ...change }, createTime: at })
    .returning();
  const [entry] = await presentEntries(r.tx, [row!]);
  await r.emit(roomOf.case(c.id), 'timeline.added', { entry: entry! });
}
