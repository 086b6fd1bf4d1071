import { eq, sql } from 'drizzle-orm';
import { roomOf } from '@shared/socket';
import type { CaseRecord, TimelineEntry, VoteTally } from '@shared/types/cases';
import { players, timeline, type PlayerRow, type TimelineRow } from '@server/db/schema';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Tx } from '@server/db/client';
import { rowFromJson } from '@server/db/json-row';
import type { Services } from '@server/core/services';
import type { Recorder } from '@server/db/outbox';
import { presentCase } from '@server/modules/cases/presenter';
import type { NameChange } from '@server/modules/cases/sighting';
import { tellCaseChanged } from '@server/core/case-changes';
import { activityOf } from './activity';
import { presentEntries } from './queries';
import { presentEntry, type Author } from './presenter';
import { caseSnapshot } from './snapshot';

type EntryType = 'report' | 'reply' | 'judgement' | 'banAppeal';
type EntryFields = Partial<Pick<TimelineRow, 'content' | 'extra' | 'videoLink' | 'cheatGame' | 'cheatMethods' | 'quoteId' | 'judgeAction' | 'hackerLevel' | 'appealStatus' | 'viewedAdmins'>>;
/** `statusTime` only to restore an earlier status's start (a failed appeal); a status change otherwise starts now. */
type CaseChanges = Partial<Pick<PlayerRow, 'status' | 'statusTime' | 'originName' | 'originPersonaId' | 'avatarLink' | 'games' | 'cheatMethods' | 'hackerLevel' | 'appealStatus' | 'valid'>>;

export interface NewEntry {
  type: EntryType;
  /**
   * Null for what the system writes (the 7-day rule). Its badges are read with the writer's
   * checks (`authorBadgesSql`): the entry is presented from it, not read again.
   */
  author: (Author & { achievements: Record<string, number> | null }) | null;
  fields: EntryFields;
  /** What the entry changes on the case; the reply count and update time always move. */
  caseChanges?: CaseChanges;
  /** A new name the same change saw (a report refreshing the account): its entry comes first. */
  renamed?: NameChange | null;
  /** The case was created by this change (a first report). */
  created?: boolean;
  /** Votes may have moved: the running tally to send, as it is with this entry (see `tallyFrom`). */
  tally?: VoteTally;
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

type NewTimelineRow = typeof timeline.$inferInsert;

/**
 * The case's changes and its new entries in one statement (one round trip while the case is
 * locked): the case as it is after them, and the entries in the order given. An entry keeps the
 * case's account as it is after the change, which the caller knows: it holds the case row's lock.
 */
async function writeEntries(tx: Tx, c: PlayerRow, set: PgUpdateSetSource<typeof players>, entries: NewTimelineRow[]) {
  const update = tx.update(players).set(set).where(eq(players.id, c.id));
  const insert = tx.insert(timeline).values(entries);
  // `returning *`: the same columns as drizzle's `.returning()`, read back by name, without building their list each time (half of this statement's building).
  const result = (await tx.execute(sql`
    with changed as (${update.getSQL()} returning *), added as (${insert.getSQL()} returning *)
    select (select row_to_json(changed) from changed) as "case", (select json_agg(added order by added.id) from added) as entries`)) as unknown as {
    rows: Array<{ case: Record<string, unknown>; entries: Array<Record<string, unknown>> }>;
  };
  const [row] = result.rows;
  return { after: rowFromJson(players, row!.case), rows: row!.entries.map((e) => rowFromJson(timeline, e)) };
}

/**
 * The one way an entry joins a case's timeline (report, reply, judgement, appeal, the 7-day
 * rule), inside the caller's transaction with the case row locked: the entry and the case's
 * changes are written, the case page and the site are told, and the modules that follow a case's
 * changes (`subscribeToCaseChanges`: the open-case count, webhooks, the 7-day deadline, report
 * levels) add theirs. Notifications stay with the caller: who hears of what depends on the kind of entry.
 */
export async function appendEntry(services: Services, r: Recorder, c: PlayerRow, input: NewEntry): Promise<AppendedEntry> {
  const { tx, emit } = r;
  const at = input.at ?? new Date();
  const changes = input.caseChanges ?? {};
  const statusChanged = changes.status !== undefined && changes.status !== c.status;
  const account = caseSnapshot({ ...c, ...changes });
  const main: NewTimelineRow = { type: input.type, ...account, byUserId: input.author?.id ?? null, ...input.fields, createTime: at };
  const { after, rows } = await writeEntries(
    tx,
    c,
    { ...changes, statusTime: changes.statusTime ?? (statusChanged ? at : c.statusTime), commentsNum: sql`${players.commentsNum} + 1`, updateTime: at },
    input.renamed ? [nameChangeRow(account, input.renamed, at), main] : [main],
  );
  const entry = rows[rows.length - 1]!;
  const room = roomOf.case(c.id);
  if (input.renamed) await emit(room, 'timeline.added', { entry: presentEntry(rows[0]!, null, null) });
  // A quoting reply reads its quote (and the quote's author) to present it.
  const [presented] = entry.quoteId === null ? [presentEntry(entry, input.author, null)] : await presentEntries(tx, [entry]);
  await emit(room, 'timeline.added', { entry: presented! });
  const record = presentCase(after);
  await emit(room, 'case.updated', { case: record });
  if (input.tally) await emit(room, 'case.votes', input.tally);
  if (input.type !== 'reply') await emit(roomOf.all, 'activity', { item: activityOf(input.type, entry, input.author, record) });
  await tellCaseChanged({ services, r, before: c, after, record, created: !!input.created, statusChanged, stateChange: input.stateChange });
  return { entry, presented: presented!, before: c, after, record };
}

/** The system entry logging a name change (every sighting is logged); it counts no reply. */
const nameChangeRow = (account: ReturnType<typeof caseSnapshot>, change: NameChange, at: Date): NewTimelineRow => ({
  type: 'historyUsername',
  ...account,
  byUserId: null,
  extra: { ...change },
  createTime: at,
});

/**
 * A name change seen on the platform (every sighting is logged): a system entry
 * that counts no reply, shown live. `c` is the case as it is after the change.
 */
export async function appendNameChange(r: Recorder, c: PlayerRow, change: NameChange, at = new Date()) {
  const [row] = await r.tx.insert(timeline).values(nameChangeRow(caseSnapshot(c), change, at)).returning();
  await r.emit(roomOf.case(c.id), 'timeline.added', { entry: presentEntry(row!, null, null) });
}
