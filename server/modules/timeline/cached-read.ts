import { roomOf } from '@shared/socket';
import type { TimelineQuery } from '@shared/schemas/cases';
import { ok, type Reply } from '@server/http/envelope';
import { cachedReply } from '@server/http/cached-reply';
import { AppError } from '@server/app-error';
import type { Services } from '@server/core/services';
import { timelinePage } from './queries';
import { roomsShownBy } from './rooms-shown';

/** Who reads a timeline, as far as its answer differs: staff see hidden entries, members attachments. */
export type TimelineReader = 'staff' | 'member' | 'visitor';

/**
 * `GET /player/timeline`: a page is the same for every reader of one kind, so the pages members and
 * visitors read are kept in the read cache until the case's room announces a change (every entry
 * added, hidden or updated is one; its `lastSeq` moves with them) or one of the accounts it shows
 * changes. Staff pages are read each time.
 */
export async function readTimelineReply(services: Services, query: TimelineQuery, reader: TimelineReader): Promise<Reply> {
  const staff = reader === 'staff';
  const read = async () => {
    // The case, the entries, the total and the room's sequence come from one snapshot: every event up to `lastSeq` is on the page.
    const found = await timelinePage(services.db, query, { ...query, includeHidden: staff }, { staff, showAttachment: reader !== 'visitor' });
    if (!found) throw new AppError('timeline.notFound');
    return { reply: ok('timeline.ok', found.page), rooms: staff ? null : [roomOf.case(found.caseId), ...roomsShownBy(found.page.result)] };
  };
  if (staff) return (await read()).reply;
  return cachedReply(services.readCache, `timeline:${reader}:${JSON.stringify(query)}`, 'timeline.ok', read);
}
