import fs from 'node:fs';
import fsp from 'node:fs/promises';
import crypto from 'node:crypto';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, eq, gt, lte } from 'drizzle-orm';
import { LIMITS } from '@shared/limits';
import { uploadSessions, type FileRow, type UploadSessionRow } from '@server/db/schema';
import type { Services } from '@server/core/services';
import type { AuthedUser } from '@server/core/authed-user';
import { AppError } from '@server/app-error';
import { kindOfMime } from './inspect';
import { newFileName, storageFault, streamClosed } from '../../infra/storage';
import { releaseQuota, reserveQuota } from './quota';
import { storeReserved } from './service';

/**
 * Big-file uploads with the semantics of Microsoft Graph upload sessions (what the original's
 * clients were written against): the session's secret URL takes `PUT` chunks in order with
 * `Content-Range: bytes a-b/total` (at most 10 MiB each), answers `202 {nextExpectedRanges}` until
 * the last and `201` with the file then; `GET` tells what was received so a client resumes.
 * Chunks are written in place into one part file on disk: a chunk sent again after a dropped
 * connection simply overwrites the same bytes.
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
  try {
    await fsp.writeFile(services.storage.partPath(id), Buffer.alloc(0), { flag: 'wx' });
    await services.db.insert(uploadSessions).values({ id, userId: user.id, name, originalName, mimeType, size, expiresAt });
  } catch (e) {
    await services.storage.discard(services.storage.partPath(id));
    await releaseQuota(services.db, user.id, size, { daily: true });
    throw e;
  }
  return { name, size, uploadUrl: `${services.config.publicUrl}/api${sessionPath(id)}`, expiredAt: expiresAt.toISOString() };
}

async function liveSession(services: Services, id: string) {
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

/** Writes exactly the announced bytes of the chunk into the part file at its offset, streaming. */
async function writeChunk(path: string, body: NodeJS.ReadableStream, first: number, length: number) {
  let seen = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      seen += chunk.length;
      cb(seen > length ? new AppError('upload.bad', 'the chunk is longer than its range') : null, chunk);
    },
  });
  const out = fs.createWriteStream(path, { flags: 'r+', start: first });
  try {
    await pipeline(body, limit, out);
  } catch (e) {
    // A retry of the range must not race this request's last writes.
    await streamClosed(out);
    throw e instanceof AppError ? e : (storageFault(e) ?? new AppError('upload.bad', 'the chunk was interrupted'));
  }
  if (seen !== length) throw new AppError('upload.bad', 'the chunk is shorter than its range');
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
  const part = services.storage.partPath(id);
  await writeChunk(part, body, first, last - first + 1);
  const expiresAt = new Date(Date.now() + LIMITS.uploadSessionTtlMs);
  const [moved] = await services.db
    .update(uploadSessions)
    .set({ received: last + 1, expiresAt })
    .where(and(eq(uploadSessions.id, id), eq(uploadSessions.received, first), gt(uploadSessions.expiresAt, new Date())))
    .returning();
  if (!moved) throw new AppError('upload.badRange', { reason: 'another request sent this range', ...statusOf(await liveSession(services, id)) });
  if (moved.received < moved.size) return { done: false, status: statusOf(moved) };
  const [claimed] = await services.db.delete(uploadSessions).where(eq(uploadSessions.id, id)).returning();
  if (!claimed) throw notFound();
  const file = await storeReserved(services, claimed.userId, { temp: part, size: claimed.size, originalName: claimed.originalName }, claimed.size, { name: claimed.name, mimeType: claimed.mimeType });
  return { done: true, file };
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
    await services.storage.discard(services.storage.partPath(s.id));
    await releaseQuota(services.db, s.userId, s.size, { daily: true });
  }
}

/** The sweep: expired sessions lose their parts and give their reserved quota back. */
export async function sweepExpiredSessions(services: Services, now = Date.now()) {
  const expired = await services.db.select().from(uploadSessions).where(lte(uploadSessions.expiresAt, new Date(now))).limit(500);
  await dropSessions(services, expired);
  return expired.length;
}
