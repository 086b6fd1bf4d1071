import fsp from 'node:fs/promises';
import type { Metadata, OutputInfo, Sharp } from 'sharp';
import { and, eq, lt } from 'drizzle-orm';
import { LIMITS } from '@shared/limits';
import { roomOf } from '@shared/socket';
import { files, type FileDetails, type FileRow } from '@server/db/schema';
import type { Services } from '@server/core/services';
import { inTransaction } from '@server/db/outbox';
import { adjustStorage } from './quota';
import { presentFile } from './present';
import { loadSharp } from './sharp';

/** Decoding options: the pixel limit refuses decompression bombs, a truncated file is an error. */
const decoder = (sharp: Awaited<ReturnType<typeof loadSharp>>) => (file: string, animated: boolean) =>
  sharp(file, { limitInputPixels: LIMITS.imageMaxPixels, animated, failOn: 'truncated' });

/** Re-encodes in the file's own format; every piece of metadata (EXIF, GPS, XMP, comments) is dropped. */
function encode(img: Sharp, mimeType: string) {
  switch (mimeType) {
    case 'image/jpeg':
      return img.jpeg({ quality: 85, mozjpeg: true });
    case 'image/png':
      return img.png({ compressionLevel: 9 });
    case 'image/webp':
      return img.webp({ quality: 85 });
    case 'image/gif':
      return img.gif();
    default:
      throw new Error(`not an image type: ${mimeType}`);
  }
}

class Undecodable extends Error {}

/**
 * Decodes, auto-rotates, strips and re-encodes the image, then writes its thumbnail and avatar
 * sizes. It reads the stored file through a local copy (the file itself on local disk, a download
 * from an object store) and stores what it made through the storage.
 */
async function render(services: Services, row: FileRow): Promise<FileDetails & { size: number }> {
  const { storage } = services;
  const input = decoder(await loadSharp());
  const copy = await storage.localCopy(row.name);
  if (!copy) throw new Undecodable('the stored file is gone');
  const src = copy.path;
  const temps: string[] = [];
  const temp = () => {
    const t = storage.tempPath();
    temps.push(t);
    return t;
  };
  try {
    let meta: Metadata;
    try {
      meta = await input(src, true).metadata();
    } catch (e) {
      throw new Undecodable((e as Error).message);
    }
    const animated = (meta.pages ?? 1) > 1;
    const out = temp();
    const thumb = temp();
    const avatar = temp();
    let info: OutputInfo;
    try {
      // Animated images keep their frames (and have no orientation to apply); stills are turned upright.
      const img = animated ? input(src, true) : input(src, false).autoOrient();
      info = await encode(img, row.mimeType).toFile(out);
      await input(out, false).resize(LIMITS.thumbPx, LIMITS.thumbPx, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }).toFile(thumb);
      await input(out, false).resize(LIMITS.avatarPx, LIMITS.avatarPx, { fit: 'cover' }).webp({ quality: 80 }).toFile(avatar);
    } catch (e) {
      throw new Undecodable((e as Error).message);
    }
    const [thumbSize, avatarSize] = await Promise.all([fsp.stat(thumb), fsp.stat(avatar)]);
    // Variants first, the file last: a crash in between redoes the job on an already clean file.
    await storage.commit(thumb, row.name, 'thumb');
    await storage.commit(avatar, row.name, 'avatar');
    await storage.commit(out, row.name);
    return { width: info.width, height: animated ? (meta.pageHeight ?? info.height) : info.height, variants: { thumb: thumbSize.size, avatar: avatarSize.size }, size: info.size };
  } finally {
    await Promise.all([...temps.map((t) => storage.discard(t)), copy.release()]);
  }
}

/** Moves the file out of `processing` (only once: a repeated job finds it done) and tells its owner. */
async function finish(services: Services, row: FileRow, change: Partial<FileRow>) {
  const done = await inTransaction(services, async ({ tx, emit }) => {
    const [updated] = await tx
      .update(files)
      .set(change)
      .where(and(eq(files.id, row.id), eq(files.state, 'processing')))
      .returning();
    if (!updated) return null;
    const delta = updated.state === 'failed' ? -row.size : updated.size - row.size;
    await adjustStorage(tx, row.byUserId, delta);
    await emit(roomOf.user(row.byUserId), 'file.updated', { file: presentFile(updated) });
    return updated;
  });
  return done;
}

/**
 * The image job (queue `media`, job id = file id): idempotent — a file no longer `processing` is
 * left alone, and a crash half way is redone from the start. A file that does not decode (a
 * polyglot, a truncated file, a bomb past the pixel limit) ends `failed` with the reason, its bytes
 * removed and its storage given back; it is never served.
 */
export async function processImage(services: Services, fileId: number) {
  const [row] = await services.db.select().from(files).where(eq(files.id, fileId));
  if (!row || row.state !== 'processing') return null;
  try {
    const { size, ...details } = await render(services, row);
    const done = await finish(services, row, { state: 'ready', size, details: { ...row.details, ...details } });
    // Deleted while it was being processed: what the job wrote has no row any more.
    if (!done && !(await services.db.select({ id: files.id }).from(files).where(eq(files.id, row.id))).length) await services.storage.remove(row.name);
    return done;
  } catch (e) {
    if (!(e instanceof Undecodable)) throw e; // the disk, the store or the database: the job is retried
    const failed = await finish(services, row, { state: 'failed', reason: `not a valid image: ${e.message.slice(0, 200)}` });
    if (failed) await services.storage.remove(row.name);
    return failed;
  }
}

/** Images left `processing` longer than this had their job lost (or it failed on every attempt): the sweep queues them again. */
const STUCK_MS = 5 * 60 * 1000;
/** Past this, an image that still could not be processed (the disk, the database) ends `failed` and gives its storage back. */
const GIVE_UP_MS = 60 * 60 * 1000;

export async function requeueStuckImages(services: Services, now = Date.now()) {
  const stuck = await services.db
    .select()
    .from(files)
    .where(and(eq(files.state, 'processing'), lt(files.createTime, new Date(now - STUCK_MS))))
    .limit(500);
  for (const row of stuck) {
    if (row.createTime.getTime() < now - GIVE_UP_MS) {
      const failed = await finish(services, row, { state: 'failed', reason: 'processing did not finish; upload the file again' });
      if (failed) await services.storage.remove(row.name);
      continue;
    }
    // A job id per sweep window: BullMQ keeps a failed job under its id, and would ignore the same id again.
    await services.jobs.enqueue('media.process', { fileId: row.id }, { jobId: `${row.id}-${Math.floor(now / STUCK_MS)}` });
  }
  return stuck.length;
}
