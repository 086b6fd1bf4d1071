import fs from 'node:fs/promises';
import type { Metadata } from 'sharp';
import { LIMITS } from '@shared/limits';
import { AppError } from '@server/app-error';
import { loadSharp } from './sharp';

/** The end-of-central-directory record a zip reader looks for at the end of a file. */
const ZIP_END = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
/** How far from the end a zip's end record may be (its comment is at most 64 KiB). */
const ZIP_TAIL = 22 + 0xffff;

/** The last bytes of a file. */
async function tailOf(file: string, bytes: number) {
  const handle = await fs.open(file, 'r');
  try {
    const { size } = await handle.stat();
    const length = Math.min(size, bytes);
    const buf = Buffer.alloc(length);
    await handle.read(buf, 0, length, size - length);
    return buf;
  } finally {
    await handle.close();
  }
}

/**
 * Checks an image before it is accepted, from its header only (nothing is decoded): it must be
 * readable, within the pixel limit (decompression bombs), and not also a zip archive (polyglots).
 * The image job decodes it fully later, with the same pixel limit.
 */
export async function checkImage(file: string) {
  let meta: Metadata;
  const sharp = await loadSharp();
  try {
    meta = await sharp(file, { limitInputPixels: false, animated: true }).metadata();
  } catch {
    throw new AppError('upload.bad', 'not a readable image');
  }
  const pages = meta.pages ?? 1;
  const frame = (meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0);
  if (!frame) throw new AppError('upload.bad', 'not a readable image');
  if (frame > LIMITS.imageMaxPixels || frame * pages > LIMITS.imageMaxPixels * 4) {
    throw new AppError('upload.tooLarge', `at most ${LIMITS.imageMaxPixels} pixels`);
  }
  if ((await tailOf(file, ZIP_TAIL)).includes(ZIP_END)) throw new AppError('upload.unsupport', 'an image that is also a zip archive');
}
