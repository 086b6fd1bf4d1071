import crypto from 'node:crypto';
import { LIMITS } from '@shared/limits';
import { roomOf } from '@shared/socket';
import type { FeedQuery } from '@shared/schemas/feed';
import type { FeedPage } from '@shared/types/feed';
import type { Services } from '@server/core/services';
import { AppError } from '@server/app-error';
import { ok, type Reply } from '@server/http/envelope';
import { freshHead, knownHead } from './head';
import { feedItems, oldestKept } from './queries';
import { recentChanges, recentItems } from './recent';

/** The query as one string: equal for polls that ask the same, whatever the order of their parameters. */
const shapeOf = (q: FeedQuery) => [q.since ?? '', q.status?.toSorted((a, b) => a - b).join(',') ?? '', q.games?.toSorted().join(',') ?? '', q.limit].join('|');

/** The head a poll answers from: the kept one, or the database's when the cursor is ahead of it. */
async function headFor(services: Services, since: number | undefined) {
  const head = await knownHead(services);
  if (since === undefined || since <= head) return head;
  const fresh = await freshHead(services);
  if (since > fresh) throw new AppError('feed.expired', 'this cursor was not handed out by this feed: re-sync from the export');
  return fresh;
}

/**
 * A poll's answer is fixed by the head it reads up to and its query (the changes are never
 * rewritten): its ETag names both, so a poll that sends it back while the head has not moved is
 * answered 304 before any read.
 */
export const feedTag = (head: number, q: FeedQuery) => `W/"${head}-${crypto.createHash('sha1').update(shapeOf(q)).digest('base64url').slice(0, 12)}"`;

export interface FeedPoll {
  head: number;
  tag: string;
}

/** The head and the ETag of a poll, read from memory while nothing changed. */
export async function feedPoll(services: Services, q: FeedQuery): Promise<FeedPoll> {
  const head = await headFor(services, q.since);
  return { head, tag: feedTag(head, q) };
}

/** Where a poll's page is kept (the route's `keep`): until the feed's room announces a change, which moves the head. */
export const feedPageKey = (q: FeedQuery) => `feed:cases:${shapeOf(q)}`;

/** The changes after `since` up to `head`, kept under the feed's room. */
export async function feedPage(services: Services, q: FeedQuery, head: number): Promise<Reply> {
  return ok('feed.ok', await readPage(services, q, head), { rooms: roomOf.caseFeed });
}

/** The page's items and where it ends, from `since` (exclusive) up to `upTo`: what `limit` took, or the whole span. */
const pageOf = (items: FeedPage['items'], upTo: number, head: number, limit: number): FeedPage => {
  const cursor = items.length === limit ? Number(items[items.length - 1]!.cursor) : upTo;
  return { items, cursor: String(cursor), more: cursor < head };
};

async function readPage(services: Services, q: FeedQuery, head: number): Promise<FeedPage> {
  if (q.since === head) return { items: [], cursor: String(head), more: false };
  if (q.since !== undefined) {
    // Most tools poll from near the head: answered from the changes this node keeps.
    const upTo = Math.min(head, q.since + LIMITS.feedScanMax);
    const recent = recentItems(await recentChanges(services, head), q.since, upTo, q, q.limit);
    if (recent) return pageOf(recent, upTo, head, q.limit);
  }
  const oldest = await oldestKept(services.db);
  // Resuming needs every change after the cursor: the first one after it must still be kept.
  if (q.since !== undefined && (oldest === null || oldest > q.since + 1)) {
    throw new AppError('feed.expired', `changes after this cursor are no longer kept (${LIMITS.feedRetentionDays} days): re-sync from the export`);
  }
  const since = q.since ?? (oldest === null ? head : oldest - 1);
  const upTo = Math.min(head, since + LIMITS.feedScanMax);
  const items = since < upTo ? await feedItems(services.db, since, upTo, q, q.limit) : [];
  return pageOf(items, upTo, head, q.limit);
}
