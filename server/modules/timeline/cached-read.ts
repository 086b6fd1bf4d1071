import { roomOf } from '@shared/socket';
import type { TimelineQuery } from '@shared/schemas/cases';
import { ok, type Reply } from '@server/http/envelope';
import { AppError } from '@server/app-error';
import type { Db } from '@server/db/client';
import type { AuthedUser } from '@server/core/authed-user';
import { timelinePage } from './queries';
import { roomsShownBy } from './rooms-shown';

/** Who reads a timeline, as far as its answer differs: staff see hidden entries, members attachments. */
export type TimelineReader = 'staff' | 'member' | 'visitor';

export const timelineReaderOf = (user: AuthedUser | null): TimelineReader => (user?.isAdmin ? 'staff' : user ? 'member' : 'visitor');

/**
 * `GET /player/timeline`: a page is the same for every reader of one kind, so the pages members and
 * visitors read are kept (the route's `keep`) until the case's room announces a change (every entry
 * added, hidden or updated is one; its `lastSeq` moves with them) or one of the accounts it shows
 * changes. Staff pages are read each time.
 */
export function timelinePageKey(query: TimelineQuery, reader: TimelineReader): string | null {
  return reader === 'staff' ? null : `timeline:${reader}:${JSON.stringify(query)}`;
}

export async function readTimelineReply(db: Db, query: TimelineQuery, reader: TimelineReader): Promise<Reply> {
  const staff = reader === 'staff';
  // The case, the entries, the total and the room's sequence come from one snapshot: every event up to `lastSeq` is on the page.
  const found = await timelinePage(db, query, { ...query, includeHidden: staff }, { staff, showAttachment: reader !== 'visitor' });
  if (!found) throw new AppError('timeline.notFound');
  return ok('timeline.ok', found.page, { rooms: [roomOf.case(found.caseId), ...roomsShownBy(found.page.result)] });
}
