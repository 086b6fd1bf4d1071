import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { ActivityLine, TimelineEntry } from '@shared/types/cases';
import { realtimeEvents } from '@server/db/schema';
import type { DbOrTx } from '@server/db/client';

/**
 * A room's stored events are replayed to whoever joins it behind (`server/realtime/socket-server.ts`),
 * and anyone may join a case's room or `all`. An event records a thing as it was when it happened;
 * once the thing is hidden, rewritten or deleted, a replay must not bring its old words back. These
 * rewrite, in the transaction of the change, what the room's earlier events say of it. The events
 * that follow in the room (hidden, updated, deleted) still tell the change itself, in order.
 */

/** The events of `room` that carry timeline entry `id` (added, updated, shown again). */
const carryingEntry = (room: string, id: number) => and(eq(realtimeEvents.room, room), sql`${realtimeEvents.payload} -> 'entry' ->> 'id' = ${String(id)}`);

/** The events of `room` that carry an entry quoting timeline entry `id` (its words go with the quote). */
const quotingEntry = (room: string, id: number) => and(eq(realtimeEvents.room, room), sql`${realtimeEvents.payload} #>> '{entry,quote,id}' = ${String(id)}`);

/** The words a quote carries of entry `id`: its own while it shows, none while hidden (server/modules/timeline/presenter.ts, `presentQuote`). */
async function setStoredQuote(tx: DbOrTx, room: string, id: number, content: string): Promise<void> {
  await tx
    .update(realtimeEvents)
    .set({ payload: sql`jsonb_set(${realtimeEvents.payload}, '{entry,quote,content}', to_jsonb(${content}::text))` })
    .where(quotingEntry(room, id));
}

/** The entry as everyone now sees it replaces the one the room's earlier events carry (an edit, or shown again), and the quotes of it. */
export async function restateStoredEntry(tx: DbOrTx, room: string, entry: TimelineEntry): Promise<void> {
  await tx
    .update(realtimeEvents)
    .set({ payload: sql`jsonb_set(${realtimeEvents.payload}, '{entry}', ${JSON.stringify(entry)}::jsonb)` })
    .where(carryingEntry(room, entry.id));
  await setStoredQuote(tx, room, entry.id, entry.content.text);
}

/** A hidden or deleted entry: the room's earlier events keep who wrote what kind of entry when, not its words or links, nor do quotes of it. */
export async function withholdStoredEntry(tx: DbOrTx, room: string, id: number): Promise<void> {
  await tx
    .update(realtimeEvents)
    .set({ payload: sql`jsonb_set(${realtimeEvents.payload}, '{entry}', (${realtimeEvents.payload} -> 'entry') - 'videoLink' - 'quote' || '{"content":{"text":""}}'::jsonb)` })
    .where(carryingEntry(room, id));
  await setStoredQuote(tx, room, id, '');
}

/** A deleted message: the events that brought it to `rooms` keep its id and kind, not its text. */
export async function withholdStoredMessage(tx: DbOrTx, rooms: string[], id: number): Promise<void> {
  await tx
    .update(realtimeEvents)
    .set({ payload: sql`jsonb_set(${realtimeEvents.payload}, '{message,content}', '""'::jsonb)` })
    .where(and(inArray(realtimeEvents.room, rooms), eq(realtimeEvents.name, 'message.new'), sql`${realtimeEvents.payload} -> 'message' ->> 'id' = ${String(id)}`));
}

/** What the site shows of an anonymised account (`delUser` type `real`): its placeholder name, its roles and avatar now. */
export interface AnonymisedAccount {
  id: number;
  username: string;
  privileges: string[];
  avatar: string;
}

/** The names of the events that may name an account, each where it does. */
const NAMING_EVENTS = ['timeline.added', 'timeline.updated', 'timeline.hidden', 'case.votes', 'activity', 'activity.renamed', 'message.new', 'announcement.published'];

/**
 * An anonymised account: every room's earlier events name it as the site now does (entries and the
 * entries they quote, votes, feed lines and their renames, messages, announcements), so a replay brings back none of
 * its old name, avatar, mute or application. One statement over the events kept (7 days; the
 * ban-list feed's, which name no account, 30).
 */
export async function anonymiseStoredAccount(tx: DbOrTx, a: AnonymisedAccount): Promise<void> {
  const p = realtimeEvents.payload;
  const id = String(a.id);
  const name = sql`${a.username}::text`;
  const roles = sql`${JSON.stringify(a.privileges)}::jsonb`;
  const avatar = sql`${a.avatar}::text`;
  const is = (path: string) => sql`${p} #>> ${`{${path}}`}::text[] = ${id}`;
  const when = (path: string, then: ReturnType<typeof sql>) => sql`case when ${is(path)} then ${then} else '{}'::jsonb end`;
  const author = sql`jsonb_build_object('username', ${name}, 'privilege', ${roles}, 'byUserAvatar', ${avatar})`;
  const entry = sql`jsonb_set(${p}, '{entry}',
    case when ${is('entry,byUserId')} then (${p} -> 'entry') - 'isMute' - 'byApp' || ${author} else ${p} -> 'entry' end
    || ${when('entry,quote,byUserId', sql`jsonb_build_object('quote', (${p} #> '{entry,quote}') || jsonb_build_object('username', ${name}, 'privilege', ${roles}))`)})`;
  const votes = sql`jsonb_set(${p}, '{voters}', (select jsonb_agg(case when v ->> 'id' = ${id} then v || jsonb_build_object('username', ${name}) else v end order by n) from jsonb_array_elements(${p} -> 'voters') with ordinality as voter(v, n)))`;
  const registered = sql`${p} #>> '{item,type}' = 'register'`;
  const line = sql`jsonb_set(${p}, '{item}', (${p} -> 'item') || case when ${registered}
    then jsonb_build_object('username', ${name}, 'privilege', ${roles}) else jsonb_build_object('byUserName', ${name}, 'byUserPrivilege', ${roles}) end)`;
  const message = sql`jsonb_set(${p}, '{message}', (${p} -> 'message')
    || ${when('message,byUserId', sql`jsonb_build_object('username', ${name}, 'userAvatar', ${avatar})`)}
    || ${when('message,toUserId', sql`jsonb_build_object('toUsername', ${name})`)})`;
  const announcement = sql`jsonb_set(${p}, '{announcement,authorName}', to_jsonb(${name}))`;
  const renamed = sql`${p} || jsonb_build_object('username', ${name}, 'privilege', ${roles})`;
  const named = or(
    is('entry,byUserId'),
    is('entry,quote,byUserId'),
    sql`${p} -> 'voters' @> ${JSON.stringify([{ id: a.id }])}::jsonb`,
    and(registered, is('item,id')),
    and(sql`not (${registered})`, is('item,byUserId')),
    is('message,byUserId'),
    is('message,toUserId'),
    is('announcement,authorId'),
    is('userId'),
  );
  const n = realtimeEvents.name;
  await tx
    .update(realtimeEvents)
    .set({
      payload: sql`case ${n} when 'case.votes' then ${votes} when 'activity' then ${line} when 'message.new' then ${message} when 'announcement.published' then ${announcement} when 'activity.renamed' then ${renamed} else ${entry} end`,
    })
    .where(and(inArray(n, NAMING_EVENTS), named));
}

/** The feed line an `activity` event brought, as the withdrawal that stands in its place. */
const feedLine = sql`jsonb_build_object('type', ${realtimeEvents.payload} #> '{item,type}', 'id', ${realtimeEvents.payload} #> '{item,id}')`;
const asWithdrawal = { name: 'activity.withdrawn', payload: sql`jsonb_build_object('lines', jsonb_build_array(${feedLine}))` };
const feedEvents = and(eq(realtimeEvents.room, 'all'), eq(realtimeEvents.name, 'activity'));

/**
 * Feed lines that no longer show (a hidden entry): the `activity` events of `all` that brought them
 * become the withdrawal of their line (`activity.withdrawn`), so the room keeps its numbering and a
 * replay shows them at no point.
 */
export async function withdrawStoredActivity(tx: DbOrTx, lines: readonly ActivityLine[]): Promise<void> {
  if (!lines.length) return;
  await tx
    .update(realtimeEvents)
    .set(asWithdrawal)
    .where(and(feedEvents, sql`${feedLine} in (select jsonb_build_object('type', l.type, 'id', l.id) from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) as l(type text, id int))`));
}

/** Hidden cases: the feed lines about them (`GET /activities` leaves them out) are withdrawn as `withdrawStoredActivity` does. */
export async function withdrawStoredActivityOfCases(tx: DbOrTx, playerIds: readonly number[]): Promise<void> {
  if (!playerIds.length) return;
  await tx
    .update(realtimeEvents)
    .set(asWithdrawal)
    .where(and(feedEvents, sql`${realtimeEvents.payload} #>> '{item,toPlayerId}' in (select value from jsonb_array_elements_text(${JSON.stringify(playerIds)}::jsonb))`));
}

/** Notifications whose content changed (one naming a renamed account): the events that brought them to their rooms carry it now. */
export async function restateStoredNotifications(tx: DbOrTx, notices: ReadonlyArray<{ room: string; id: number; content: string }>): Promise<void> {
  if (!notices.length) return;
  await tx.execute(sql`update ${realtimeEvents} set payload = jsonb_set(${realtimeEvents.payload}, '{content}', to_jsonb(n.content))
    from jsonb_to_recordset(${JSON.stringify(notices)}::jsonb) as n(room text, id int, content text)
    where ${realtimeEvents.room} = n.room and ${realtimeEvents.name} = 'notification' and ${realtimeEvents.payload} ->> 'id' = n.id::text`);
}
