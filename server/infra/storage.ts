import fs from 'node:fs';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import crypto from 'node:crypto';
import { AppError } from '@server/app-error';
import type { S3Direct, S3Serving, Variant } from './storage-remote';

export type { Variant } from './storage-remote';

/**
 * Errors of the storage itself, not of the upload: the client may try again later. `ESTORAGE` is
 * what the object-storage backend throws when the store refused a write or could not be reached.
 */
const STORAGE_FAULTS = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EIO', 'ESTORAGE']);

/** A write the object store refused or never answered (server/infra/storage-s3.ts). */
export class StorageUnavailable extends Error {
  readonly code = 'ESTORAGE';
  constructor(what: string, cause: unknown) {
    super(`the object store could not ${what}: ${(cause as Error)?.message ?? String(cause)}`, { cause });
  }
}

/**
 * Resolves once a file stream has closed. A failed `pipeline` answers before its file stream has:
 * the file may still be written, or even created (an open still pending), after the caller moved on.
 */
export const streamClosed = (out: fs.WriteStream): Promise<void> => (out.closed ? Promise.resolve() : new Promise((done) => out.once('close', () => done())));

/** The answer for a write the storage refused (507 `upload.error`), or null when `e` is something else. */
export function storageFault(e: unknown): AppError | null {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' && STORAGE_FAULTS.has(code) ? new AppError('upload.error', 'the server has no room to store this file now') : null;
}

/**
 * Streams exactly `length` bytes of `body` into `out` (a chunk of a big-file session): a longer or
 * shorter body, or a dropped connection, is refused with `upload.bad` once the file stream closed.
 */
export async function writeExactly(body: NodeJS.ReadableStream, out: fs.WriteStream, length: number) {
  let seen = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      seen += chunk.length;
      cb(seen > length ? new AppError('upload.bad', 'the chunk is longer than its range') : null, chunk);
    },
  });
  try {
    await pipeline(body, limit, out);
  } catch (e) {
    // A retry of the range must not race this request's last writes.
    await streamClosed(out);
    throw e instanceof AppError ? e : (storageFault(e) ?? new AppError('upload.bad', 'the chunk was interrupted'));
  }
  if (seen !== length) throw new AppError('upload.bad', 'the chunk is shorter than its range');
}

/** Stored names: `YYYY-MM-DD_<uuid>.<ext>` as the original; nothing from the request reaches the path. */
const NAME = /^\d{4}-\d{2}-\d{2}_[0-9a-f-]{36}\.[a-z0-9]{2,5}$/;
export const isStoredName = (name: string) => NAME.test(name);

export function newFileName(ext: string, now = new Date()) {
  return `${now.toISOString().slice(0, 10)}_${crypto.randomUUID()}.${ext}`;
}

export const VARIANTS: Variant[] = ['thumb', 'avatar'];

const TYPES_BY_EXT: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  webm: 'video/webm',
  ogg: 'video/ogg',
  mp4: 'video/mp4',
  zip: 'application/zip',
  gz: 'application/gzip',
  json: 'application/json',
};

/** The Content-Type a stored name (or its variant, always webp) is kept with in an object store. */
export const contentTypeOf = (name: string, variant?: Variant) => (variant ? 'image/webp' : (TYPES_BY_EXT[name.split('.').pop() ?? ''] ?? 'application/octet-stream'));

/** A stored file readable with file tools (sharp, yauzl): the file itself on disk, or a downloaded copy. */
export interface LocalCopy {
  path: string;
  /** Removes the copy (nothing for the file itself). */
  release(): Promise<void>;
}

/**
 * The chunks of a big-file session sent through this server (`PUT /service/uploadSession/:id`),
 * kept where every node sees them until the last one came.
 */
export interface ChunkStore {
  /** Makes room for a new session's chunks. */
  open(sessionId: string): Promise<void>;
  /** Keeps the chunk starting at byte `first`: exactly `length` bytes of `body` (`writeExactly`'s refusals otherwise). */
  put(sessionId: string, first: number, body: NodeJS.ReadableStream, length: number): Promise<void>;
  /** The whole file of `size` bytes in one temporary file (`commit` takes it from there). */
  assemble(sessionId: string, size: number): Promise<string>;
  /** Removes what the session kept; missing pieces are fine. */
  drop(sessionId: string): Promise<void>;
}

/**
 * Where file bytes live: the local disk (UPLOAD_DIR, the embedded default) or an S3-compatible
 * object store (STORAGE=s3; docs/operations.md#storage-backends). Work in progress (uploads being
 * received, the image job's output) is written to local temporary files first, and only `commit`
 * makes a stored name exist. Nothing outside the backends knows where a stored file is.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  /** A fresh temporary path on the local disk (for local storage, on the same file system, so `commit` is a rename). */
  tempPath(): string;
  /** Moves a finished temporary file to its stored name (or that name's variant). */
  commit(temp: string, name: string, variant?: Variant): Promise<void>;
  /** Writes bytes under a stored name (small files: the open-data schema, tests and tools). */
  write(name: string, bytes: Buffer): Promise<void>;
  /** The stored file's size, or null when it is not there. */
  stat(name: string, variant?: Variant): Promise<{ size: number } | null>;
  /** The stored file's bytes as a stream, or null when it is not there. */
  read(name: string, variant?: Variant): Promise<Readable | null>;
  /** The stored file as a path on this machine (file-reading tools need one); null when it is not there. */
  localCopy(name: string, variant?: Variant): Promise<LocalCopy | null>;
  /** Removes a stored file and its variants; missing ones are fine. */
  remove(name: string): Promise<void>;
  /** Removes a temporary file; a missing one is fine. */
  discard(temp: string): Promise<void>;
  chunks: ChunkStore;
  /** Object stores only: links for serving. */
  serving?: S3Serving;
  /** Object stores only: uploads from the browser straight to the store. */
  direct?: S3Direct;
}

/** The whole stored file in memory (small files: tests and tools); null when it is not there. */
export async function storedBytes(storage: Storage, name: string, variant?: Variant): Promise<Buffer | null> {
  const stream = await storage.read(name, variant);
  if (!stream) return null;
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}
