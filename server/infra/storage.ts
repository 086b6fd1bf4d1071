import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import { AppError } from '@server/app-error';

/** Errors of the disk itself, not of the upload: the client may try again later. */
const STORAGE_FAULTS = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EIO']);

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

/** Stored names: `YYYY-MM-DD_<uuid>.<ext>` as the original; nothing from the request reaches the path. */
const NAME = /^\d{4}-\d{2}-\d{2}_[0-9a-f-]{36}\.[a-z0-9]{2,5}$/;
export const isStoredName = (name: string) => NAME.test(name);

export function newFileName(ext: string, now = new Date()) {
  return `${now.toISOString().slice(0, 10)}_${crypto.randomUUID()}.${ext}`;
}

/** Sizes kept beside an image: written by the image job, served with `?size=`. */
export type Variant = 'thumb' | 'avatar';

/**
 * Where file bytes live. One small interface so another backend could replace the local disk;
 * today every node sees the same UPLOAD_DIR. Work in progress (uploads being received, big-file
 * parts) stays in hidden temporary files and only `commit` makes a name exist.
 */
export interface Storage {
  /** A fresh temporary path inside the storage (same file system, so `commit` is a rename). */
  tempPath(): string;
  /** Moves a finished temporary file to its stored name. */
  commit(temp: string, name: string): Promise<void>;
  /** Where a stored file (or one of its variants) is on disk, for reading and serving. */
  pathOf(name: string, variant?: Variant): string;
  exists(name: string, variant?: Variant): boolean;
  /** Removes a stored file and its variants; missing ones are fine. */
  remove(name: string): Promise<void>;
  /** Removes a temporary file; a missing one is fine. */
  discard(temp: string): Promise<void>;
  /** Writes bytes under a stored name (small files: tests and tools). */
  write(name: string, bytes: Buffer): Promise<void>;
  /** The part file of a big-file upload session (created empty with the session; chunks are written in place). */
  partPath(sessionId: string): string;
}

const VARIANTS: Variant[] = ['thumb', 'avatar'];

export function localStorage(dir: string): Storage {
  const tmpDir = path.join(dir, '.tmp');
  const variantDir = path.join(dir, '.variants');
  const partDir = path.join(dir, '.parts');
  for (const d of [tmpDir, variantDir, partDir]) fs.mkdirSync(d, { recursive: true });
  const pathOf = (name: string, variant?: Variant) => (variant ? path.join(variantDir, `${name}.${variant}.webp`) : path.join(dir, name));
  const discard = async (p: string) => {
    await fsp.rm(p, { force: true });
  };
  return {
    tempPath: () => path.join(tmpDir, `${crypto.randomUUID()}.part`),
    async commit(temp, name) {
      await fsp.rename(temp, pathOf(name));
    },
    pathOf,
    exists: (name, variant) => fs.existsSync(pathOf(name, variant)),
    async remove(name) {
      await Promise.all([discard(pathOf(name)), ...VARIANTS.map((v) => discard(pathOf(name, v)))]);
    },
    discard,
    partPath: (sessionId) => {
      if (!/^[A-Za-z0-9_-]{16,64}$/.test(sessionId)) throw new Error('not a session id');
      return path.join(partDir, `${sessionId}.part`);
    },
    async write(name, bytes) {
      const temp = path.join(tmpDir, `${crypto.randomUUID()}.part`);
      await fsp.writeFile(temp, bytes);
      await fsp.rename(temp, pathOf(name));
    },
  };
}
