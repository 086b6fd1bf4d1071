import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { files, type FileRow } from '@server/db/schema';
import type { Services } from '@server/core/services';
import { BadZipError, inspectZip, sniff, SNIFF_BYTES } from '@server/modules/files/inspect';
import { processImage } from '@server/modules/files/image-job';
import type { Progress } from './terminal';
import type { ImportedFileDetails } from './map-storage';
import type { Issue } from './issues';

const PAGE = 200;

export interface CopyResult {
  copied: number;
  failed: Issue[];
}

/** Where `--files` reads a file: `<dir>/<name>`, or `<base>/<name>` (a base ending in `=` takes the name as a query value). */
export function fileLocation(base: string, name: string): string {
  if (/^https:\/\//i.test(base)) return base.endsWith('=') ? `${base}${encodeURIComponent(name)}` : `${base.replace(/\/+$/, '')}/${encodeURIComponent(name)}`;
  return path.join(base, name);
}

async function fetchTo(location: string, temp: string) {
  if (!/^https:\/\//i.test(location)) {
    await fsp.copyFile(location, temp);
    return;
  }
  const res = await fetch(location, { redirect: 'follow' });
  if (!res.ok || !res.body) throw new Error(`answered ${res.status}`);
  await pipeline(Readable.fromWeb(res.body as never), fs.createWriteStream(temp, { flags: 'wx' }));
}

/**
 * Copies the bytes of every imported file not copied yet, from a directory or an https base, into
 * the storage; each is checked from its bytes like an upload, and images go through the image job
 * (re-encoded, EXIF stripped, thumbnails) before they are served. Storage is counted against the
 * owner's quota afterwards (`finalize/quotas.ts`). Runs again safely: copied files are skipped.
 */
export async function copyImportedFiles(services: Services, base: string, progress: Progress): Promise<CopyResult> {
  const { db } = services;
  const pending = sql`(${files.details}->'importedFrom'->>'copied') = 'false'`;
  const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(files).where(pending)) as [{ n: number }];
  progress.start('files', Number(n), 0);
  const result: CopyResult = { copied: 0, failed: [] };
  for (let after = 0; ; ) {
    const rows = await db.select().from(files).where(and(pending, gt(files.id, after))).orderBy(asc(files.id)).limit(PAGE);
    if (!rows.length) break;
    for (const row of rows) {
      after = row.id;
      const why = await copyOne(services, row, base).catch((e: Error) => e.message);
      if (why) result.failed.push({ table: 'storage_items', key: String(row.id), column: 'filename', value: row.name, why: `not copied: ${why}`, refused: false });
      else result.copied++;
      progress.advance(1);
    }
  }
  progress.finish(`${result.copied} copied, ${result.failed.length} not copied`);
  return result;
}

async function copyOne(services: Services, row: FileRow, base: string): Promise<string | null> {
  const { db, storage } = services;
  const temp = storage.tempPath();
  try {
    await fetchTo(fileLocation(base, row.name), temp);
    const stat = await fsp.stat(temp);
    const head = Buffer.alloc(SNIFF_BYTES);
    const handle = await fsp.open(temp, 'r');
    const { bytesRead } = await handle.read(head, 0, SNIFF_BYTES, 0).finally(() => handle.close());
    const type = sniff(head.subarray(0, bytesRead));
    if (!type) return 'its bytes are not a type this site takes';
    if (stat.size > type.maxBytes) return `larger than ${type.maxBytes} bytes`;
    let details: ImportedFileDetails = { ...(row.details as ImportedFileDetails), importedFrom: { fileId: (row.details as ImportedFileDetails).importedFrom?.fileId ?? null, copied: true } };
    if (type.kind === 'archive') {
      try {
        details = { ...details, ...(await inspectZip(temp)) };
      } catch (e) {
        if (e instanceof BadZipError) return 'not a valid zip archive';
        throw e;
      }
    }
    await storage.commit(temp, row.name);
    await db
      .update(files)
      .set({ size: stat.size, mimeType: type.mimeType, kind: type.kind, state: type.kind === 'image' ? 'processing' : 'ready', details })
      .where(eq(files.id, row.id));
    if (type.kind === 'image') {
      const done = await processImage(services, row.id);
      if (done?.state === 'failed') return done.reason ?? 'not a valid image';
    }
    return null;
  } finally {
    await storage.discard(temp);
  }
}
