import crypto from 'node:crypto';
import { and, eq, gt, lte } from 'drizzle-orm';
import { LIMITS } from '@shared/limits';
import { uploadSessions, type FileRow, type UploadSessionRow } from '@server/db/schema';
import type { Services } from '@server/core/services';
import type { AuthedUser } from '@server/core/authed-user';
import { AppError } from '@server/app-error';
import { kindOfMime } from './inspect';
import { newFileName, storageFault } from '../../infra/storage';
import { releaseQuota, reserveQuota } from './quota';
import { storeReserved } from './service';
import { directOffer, dropDirect } from './direct';

/**
 * Big-file uploads with the semantics of Microsoft Graph upload sessions (what the original's
 * clients were written against): the session's secret URL takes `PUT` chunks in order with
 * `Content-Range: bytes a-b/total` (at most 10 MiB each), answers `202 {nextExpectedRanges}` until
 * the last and `201` with the file then; `GET` tells what was received so a client resumes.
 * The storage keeps the chunks where every node sees them (`ChunkStore`, server/infra/storage.ts).
 * With an object store, the answer that opens a session also offers `direct`: the browser may send
 * the bytes to the store itself instead (server/modules/files/direct.ts).
 */

export const sessionPath = (id: string) => `/service/uploadSession/${id}`;

const notFound = () => new AppError('upload.sessionNotFound', 'this upload session does not exist or has expired');

/** Where the client goes on: the first byte not received yet, to the end (Graph's form `"a-"`). */
export const statusOf = (s: Pick<UploadSessionRow, 'received' | 'expiresAt'>) => ({ nextExpectedRanges: [`${s.received}-`], expirationDateTime: s.expiresAt.toISOString() });

export async function openSession(services: Services, user: AuthedUser, size: number, mimeType: string, originalName: string | null = null) {
  const type = kindOfMime(mimeType);
  if (!type) throw new AppError('upload.unsupport', 'this type is not taken');
  if (size > type.maxBytes) throw new AppError('upload.tooLarge', `at most ${type.maxBytes} bytes for ${mimeType}`);
  await reserveQuota(services.db, user.id, user.privileges, size);
  const id = crypto.randomBytes(24).toString('base64url');
  const expiresAt = new Date(Date.now() + LIMITS.uploadSessionTtlMs);
  const name = newFileName(type.ext);
  const uploadUrl = `${services.config.publicUrl}/api${sessionPath(id)}`;
  try {
    await services.storage.chunks.open(id);
    const direct = await directOffer(services, id, size, mimeType, uploadUrl);
    await services.db.insert(uploadSessions).values({ id, userId: user.id, name, originalName, mimeType, size, expiresAt });
    return { name, size, uploadUrl, expiredAt: expiresAt.toISOString(), ...(direct ? { direct } : {}) };
  } catch (e) {
    await dropParts(services, id);
    await releaseQuota(services.db, user.id, size, { daily: true });
    throw e instanceof AppError ? e : (storageFault(e) ?? e);
  }
}

/** What a session kept in the storage, whichever way its bytes came; a store that cannot be reached keeps it for its lifecycle rules. */
async function dropParts(services: Services, id: string) {
  try {
    await services.storage.chunks.drop(id);
    await dropDirect(services, id);
  } catch (err) {
    services.log.warn({ err, session: id }, 'could not remove what an upload session kept');
  }
}

export async function liveSession(services: Services, id: string) {
  if (!/^[A-Za-z0-9_-]{32}$/.test(id)) throw notFound();
  const [row] = await services.db
    .select()
    .from(uploadSessions)
    .where(and(eq(uploadSessions.id, id), gt(uploadSessions.expiresAt, new Date())));
  if (!row) throw notFound();
  return row;
}

export async function sessionStatus(services: Services, id: string) {
  return statusOf(await liveSession(services, id));
}

/** `bytes a-b/total` → the inclusive range, checked against the session; anything else is 416. */
function parseRange(header: string | undefined, length: string | undefined, s: UploadSessionRow) {
  const m = /^bytes (\d{1,12})-(\d{1,12})\/(\d{1,12})$/.exec(header ?? '');
  const refuse = (why: string) => new AppError('upload.badRange', { reason: why, ...statusOf(s) });
  if (!m) throw refuse('send Content-Range: bytes <first>-<last>/<total>');
  const [first, last, total] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (total !== s.size) throw refuse(`the total is ${s.size}`);
  if (first !== s.received) throw refuse(`the next expected byte is ${s.received}`);
  if (last < first || last >= total) throw refuse('the range is outside the file');
  if (last - first + 1 > LIMITS.uploadChunkBytes) throw refuse(`at most ${LIMITS.uploadChunkBytes} bytes a chunk`);
  if (length !== undefined && Number(length) !== last - first + 1) throw refuse('the Content-Length does not match the range');
  return { first, last };
}

export type ChunkResult = { done: false; status: ReturnType<typeof statusOf> } | { done: true; file: FileRow };

/**
 * Takes one chunk. Only the chunk that starts at the received count moves the session on (a
 * conditional UPDATE), so two requests sending the same range cannot both count; the one that
 * brings the last byte finishes the file through the upload service (type from the bytes).
 */
export async function putChunk(services: Services, id: string, body: NodeJS.ReadableStream, headers: { range?: string; length?: string }): Promise<ChunkResult> {
  const s = await liveSession(services, id);
  const { first, last } = parseRange(headers.range, headers.length, s);
  await services.storage.chunks.put(id, first, body, last - first + 1).catch((e: unknown) => {
    throw e instanceof AppError ? e : (storageFault(e) ?? e);
  });
  const expiresAt = new Date(Date.now() + LIMITS.uploadSessionTtlMs);
  const [moved] = await services.db
    .update(uploadSessions)
    .set({ received: last + 1, expiresAt })
    .where(and(eq(uploadSessions.id, id), eq(uploadSessions.received, first), gt(uploadSessions.expiresAt, new Date())))
    .returning();
  if (!moved) throw new AppError('upload.badRange', { reason: 'another request sent this range', ...statusOf(await liveSession(services, id)) });
  if (moved.received < moved.size) return { done: false, status: statusOf(moved) };
  const claimed = await claimSession(services, id);
  let temp: string;
  try {
    temp = await services.storage.chunks.assemble(id, claimed.size);
  } catch (e) {
    await releaseQuota(services.db, claimed.userId, claimed.size, { daily: true });
    await dropParts(services, id);
    throw e instanceof AppError ? e : (storageFault(e) ?? e);
  }
  try {
    const file = await storeReserved(services, claimed.userId, { temp, size: claimed.size, originalName: claimed.originalName }, claimed.size, { name: claimed.name, mimeType: claimed.mimeType });
    return { done: true, file };
  } finally {
    await dropParts(services, id);
  }
}

/** Takes the session for the request that finishes it: only one can (the row is deleted), the others hear "not found". */
export async function claimSession(services: Services, id: string) {
  const [claimed] = await services.db.delete(uploadSessions).where(eq(uploadSessions.id, id)).returning();
  if (!claimed) throw notFound();
  return claimed;
}

/** Ends a session early (Graph's DELETE on the upload URL): its part is removed and its quota given back. */
export async function cancelSession(services: Services, id: string) {
  const s = await liveSession(services, id);
  await dropSessions(services, [s]);
}

async function dropSessions(services: Services, rows: UploadSessionRow[]) {
  for (const s of rows) {
    const [gone] = await services.db.delete(uploadSessions).where(eq(uploadSessions.id, s.id)).returning();
    if (!gone) continue;
    await dropParts(services, s.id);
    await releaseQuota(services.db, s.userId, s.size, { daily: true });
  }
}

/** The sweep: expired sessions lose their parts and give their reserved quota back. */
export async function sweepExpiredSessions(services: Services, now = Date.now()) {
  const expired = await services.db.select().from(uploadSessions).where(lte(uploadSessions.expiresAt, new Date(now))).limit(500);
  await dropSessions(services, expired);
  return expired.length;
}
