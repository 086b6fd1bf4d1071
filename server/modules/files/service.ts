import { eq } from 'drizzle-orm';
import type { Request } from 'express';
import { files, type FileRow } from '@server/db/schema';
import type { DbOrTx } from '@server/db/client';
import type { Services } from '@server/services';
import type { AuthedUser } from '@server/http/auth';
import { AppError } from '@server/http/errors';
import { BadZipError, inspectZip, sniff } from './inspect';
import { isStoredName, newFileName, writeFile } from './storage';

/** Reads a raw request body, refusing it as soon as it passes `limit` bytes. */
export async function readRawBody(req: Request, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) throw new AppError('upload.tooLarge', `at most ${limit} bytes`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new AppError('upload.tooLarge', `at most ${limit} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Checks and stores an upload: the type comes from its bytes, archives are read (never unpacked). */
export async function saveUpload(services: Services, user: AuthedUser, bytes: Buffer) {
  if (!bytes.length) throw new AppError('upload.bad', 'the file is empty');
  const type = sniff(bytes);
  if (!type) throw new AppError('upload.unsupport', 'upload a zip archive or a png, jpeg, gif or webp image');
  if (bytes.length > type.maxBytes) throw new AppError('upload.tooLarge', `at most ${type.maxBytes} bytes for this type`);
  let details = {};
  if (type.ext === 'zip') {
    try {
      details = await inspectZip(bytes);
    } catch (e) {
      if (e instanceof BadZipError) throw new AppError('upload.bad', 'not a valid zip archive');
      throw e;
    }
  }
  const name = newFileName(type.ext);
  await writeFile(services.config.uploadDir, name, bytes);
  const [row] = await services.db.insert(files).values({ name, byUserId: user.id, mimeType: type.mimeType, size: bytes.length, details }).returning();
  return row!;
}

export async function fileByName(db: DbOrTx, name: string): Promise<FileRow | null> {
  if (!isStoredName(name)) return null;
  const [row] = await db.select().from(files).where(eq(files.name, name)).limit(1);
  return row ?? null;
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

export const downloadPath = (name: string) => `/api/service/file?filename=${encodeURIComponent(name)}`;
