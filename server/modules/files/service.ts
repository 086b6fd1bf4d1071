import fs from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { eq } from 'drizzle-orm';
import { files, type FileKind, type FileRow } from '@server/db/schema';
import type { DbOrTx } from '@server/db/client';
import type { Services } from '@server/core/services';
import { AppError } from '@server/app-error';
import { inTransaction } from '@server/db/outbox';
import { LIMITS } from '@shared/limits';
import { BadZipError, inspectZip, sniff, SNIFF_BYTES, type Sniffed } from './inspect';
import { checkImage } from './image-check';
import { isStoredName, newFileName, storageFault, streamClosed } from '../../infra/storage';
import { releaseQuota, reserveQuota, settleReservation } from './quota';
import { pendingOf, type Pending, type Received, type ReceivedFile } from './pending';

export type { Received } from './pending';

/** Who uploads: the account and what its quota depends on. */
export interface Uploader {
  id: number;
  privileges: readonly string[];
}

export const ALL_KINDS: readonly FileKind[] = ['image', 'video', 'archive'];
/** What the browser widget sends: pictures and recordings (archives go through the raw PUT). */
export const MEDIA_KINDS: readonly FileKind[] = ['image', 'video'];

/** The largest single upload of any type. */
export const MAX_UPLOAD_BYTES = Math.max(LIMITS.uploadImageBytes, LIMITS.uploadZipBytes, LIMITS.uploadVideoBytes);

const tooLarge = (max: number) => new AppError('upload.tooLarge', `at most ${max} bytes for this type`);
const unsupported = () => new AppError('upload.unsupport', 'upload a gif, jpeg, png or webp image, a webm, ogg or mp4 video, or a zip archive');

/** The request's Content-Length: required, since the quota is taken before the bytes come. */
export function declaredLength(header: string | undefined, max: number): number {
  if (header === undefined || !/^\d{1,12}$/.test(header)) throw new AppError('upload.bad', 'send the Content-Length of the file');
  const n = Number(header);
  if (n > max) throw new AppError('upload.tooLarge', `at most ${max} bytes`);
  return n;
}

/**
 * Checks the first bytes of a stream as they pass: the type must be one we take, and the whole
 * body (`expected` bytes) must fit that type's limit — refused before the rest is read.
 */
function typeGuard(expected: number): Transform {
  let head = Buffer.alloc(0);
  let seen = 0;
  let type: Sniffed | null = null;
  return new Transform({
    transform(chunk: Buffer, _enc, cb) {
      seen += chunk.length;
      if (seen > expected) return cb(new AppError('upload.bad', 'the body is longer than its Content-Length'));
      if (!type) {
        head = Buffer.concat([head, chunk]).subarray(0, SNIFF_BYTES);
        if (head.length >= SNIFF_BYTES || seen === expected) {
          type = sniff(head);
          if (!type) return cb(unsupported());
          if (expected > type.maxBytes) return cb(tooLarge(type.maxBytes));
        }
      }
      cb(null, chunk);
    },
  });
}

/**
 * Streams a raw body to a temporary file (never whole in memory). A body that is not what its
 * Content-Length said, or a connection that drops, leaves nothing behind.
 */
export async function receiveRaw(services: Services, body: NodeJS.ReadableStream, expected: number): Promise<ReceivedFile> {
  const temp = services.storage.tempPath();
  let size = 0;
  const count = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      size += chunk.length;
      cb(null, chunk);
    },
  });
  const out = fs.createWriteStream(temp, { flags: 'wx' });
  try {
    await pipeline(body, typeGuard(expected), count, out);
    if (size !== expected) throw new AppError('upload.bad', 'the body is shorter than its Content-Length');
    return { temp, size };
  } catch (e) {
    await streamClosed(out);
    await services.storage.discard(temp);
    throw e instanceof AppError ? e : (storageFault(e) ?? new AppError('upload.bad', 'the upload was interrupted'));
  }
}

/**
 * Checks a received file and stores it: its type comes from its bytes, archives are read (never
 * unpacked), images are checked from their header and wait for the image job (`processing`).
 * The pending upload becomes the stored file, or is left for the caller to discard.
 */
async function storeReceived(services: Services, ownerId: number, got: Pending, reserved: number, accept: readonly FileKind[], announced?: Announced): Promise<FileRow> {
  try {
    return await checkAndStore(services, ownerId, got, reserved, accept, announced);
  } finally {
    await got.release();
  }
}

async function checkAndStore(services: Services, ownerId: number, got: Pending, reserved: number, accept: readonly FileKind[], announced?: Announced): Promise<FileRow> {
  if (!got.size) throw new AppError('upload.bad', 'the file is empty');
  const type = sniff(await got.head(SNIFF_BYTES));
  if (!type) throw unsupported();
  if (announced && announced.mimeType !== type.mimeType) throw new AppError('upload.unsupport', `announced as ${announced.mimeType}, but the bytes are ${type.mimeType}`);
  if (!accept.includes(type.kind)) throw new AppError('upload.unsupport', `only ${accept.join(', ')} files are taken here`);
  if (got.size > type.maxBytes) throw tooLarge(type.maxBytes);
  let details = {};
  if (type.kind === 'archive') {
    try {
      details = await inspectZip(await got.local());
    } catch (e) {
      if (e instanceof BadZipError) throw new AppError('upload.bad', 'not a valid zip archive');
      throw e;
    }
  }
  if (type.kind === 'image') await checkImage(await got.local());
  const name = announced?.name ?? newFileName(type.ext);
  await got.commit(name);
  try {
    return await inTransaction(services, async ({ tx, afterCommit }) => {
      const [row] = await tx
        .insert(files)
        .values({ name, originalName: got.originalName ?? null, byUserId: ownerId, mimeType: type.mimeType, kind: type.kind, state: type.kind === 'image' ? 'processing' : 'ready', size: got.size, details })
        .returning();
      await settleReservation(tx, ownerId, reserved, got.size);
      if (type.kind === 'image') afterCommit(() => services.jobs.enqueue('media.process', { fileId: row!.id }, { jobId: String(row!.id) }));
      return row!;
    });
  } catch (e) {
    await services.storage.remove(name);
    throw e;
  }
}

/**
 * The one upload path (raw PUT, multipart, finished big-file sessions): the quota is taken for
 * `reserved` bytes before any byte is read, then `receive` brings the bytes to a temporary file.
 * Any refusal gives the quota back and leaves no row and no file.
 */
export async function acceptUpload(services: Services, owner: Uploader, reserved: number, receive: () => Promise<Received>, accept: readonly FileKind[] = ALL_KINDS): Promise<FileRow> {
  await reserveQuota(services.db, owner.id, owner.privileges, reserved);
  let got: Pending | undefined;
  try {
    got = pendingOf(services.storage, await receive());
    return await storeReceived(services, owner.id, got, reserved, accept);
  } catch (e) {
    if (got) await got.discard();
    await releaseQuota(services.db, owner.id, reserved, { daily: true });
    throw e instanceof AppError ? e : (storageFault(e) ?? e);
  }
}

/** A big-file session's name and type, given out before the bytes came. */
export interface Announced {
  name: string;
  mimeType: string;
}

/**
 * Stores bytes whose quota was reserved earlier (a big-file session, at its start). A refusal
 * gives the reservation back and removes the bytes.
 */
export async function storeReserved(services: Services, ownerId: number, got: Received, reserved: number, announced: Announced): Promise<FileRow> {
  const pending = pendingOf(services.storage, got);
  try {
    return await storeReceived(services, ownerId, pending, reserved, ALL_KINDS, announced);
  } catch (e) {
    await pending.discard();
    await releaseQuota(services.db, ownerId, reserved, { daily: true });
    throw e instanceof AppError ? e : (storageFault(e) ?? e);
  }
}

export async function fileByName(db: DbOrTx, name: string): Promise<FileRow | null> {
  if (!isStoredName(name)) return null;
  const [row] = await db.select().from(files).where(eq(files.name, name)).limit(1);
  return row ?? null;
}

/**
 * The file once its image job is done, waited for at most `fileProcessingWaitMs` (null: deleted
 * meanwhile). Its stored bytes are never sent before: the job strips their metadata.
 */
export async function processedFile(db: DbOrTx, row: FileRow): Promise<FileRow | null> {
  const until = Date.now() + LIMITS.fileProcessingWaitMs;
  let current: FileRow | null = row;
  while (current?.state === 'processing' && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    current = await fileByName(db, row.name);
  }
  return current;
}

/** Relative links are read against this base; a link that leaves it was not relative. */
const RELATIVE_BASE = 'http://relative.invalid';

/**
 * The stored name behind what an upload answered (`PUT /service/upload`): its `name`, its
 * `downloadURL` as given (relative), or that address made absolute on one of `ownOrigins`. Null for
 * anything else — other sites, other paths of ours, or names we never stored.
 */
export function storedNameOf(link: string, ownOrigins: readonly string[]): string | null {
  if (isStoredName(link)) return link;
  let url: URL;
  try {
    const absolute = URL.canParse(link);
    url = new URL(link, RELATIVE_BASE);
    if (absolute ? !ownOrigins.includes(url.origin) : url.origin !== RELATIVE_BASE) return null;
  } catch {
    return null;
  }
  if (url.pathname !== '/api/service/file') return null;
  const name = url.searchParams.get('filename');
  return name && isStoredName(name) ? name : null;
}

/** Our own file behind a link (see `storedNameOf`). */
export async function fileByLink(db: DbOrTx, link: string, ownOrigins: readonly string[]): Promise<FileRow | null> {
  const name = storedNameOf(link, ownOrigins);
  return name ? fileByName(db, name) : null;
}
