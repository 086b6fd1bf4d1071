import yauzl from 'yauzl';
import { LIMITS } from '@shared/limits';
import { MOSS_LOG_NAME } from '@shared/judgement';
import type { FileDetails } from '@server/db/schema';

export interface Sniffed {
  mimeType: string;
  ext: string;
  maxBytes: number;
}

const startsWith = (buf: Buffer, bytes: number[], at = 0) => bytes.every((b, i) => buf[at + i] === b);

/** The file's real type from its first bytes (never from the request's header). */
export function sniff(buf: Buffer): Sniffed | null {
  if (startsWith(buf, [0x50, 0x4b, 0x03, 0x04]) || startsWith(buf, [0x50, 0x4b, 0x05, 0x06])) return { mimeType: 'application/zip', ext: 'zip', maxBytes: LIMITS.uploadZipBytes };
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { mimeType: 'image/png', ext: 'png', maxBytes: LIMITS.uploadImageBytes };
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return { mimeType: 'image/jpeg', ext: 'jpg', maxBytes: LIMITS.uploadImageBytes };
  if (startsWith(buf, [0x47, 0x49, 0x46, 0x38])) return { mimeType: 'image/gif', ext: 'gif', maxBytes: LIMITS.uploadImageBytes };
  if (startsWith(buf, [0x52, 0x49, 0x46, 0x46]) && startsWith(buf, [0x57, 0x45, 0x42, 0x50], 8)) return { mimeType: 'image/webp', ext: 'webp', maxBytes: LIMITS.uploadImageBytes };
  return null;
}

/** A declared size this large (or an absurd ratio) marks a zip bomb; we never inflate anything anyway. */
const MAX_DECLARED_BYTES = 1024 * 1024 * 1024;

export class BadZipError extends Error {}

/**
 * Reads a zip's central directory only — nothing is inflated, so a zip bomb costs nothing — and
 * refuses path tricks (absolute names, `..`, backslashes: yauzl's file-name checks), too many
 * entries and absurd declared sizes. Says whether a MOSS log (`Logfile.log`) is inside.
 */
export function inspectZip(buf: Buffer): Promise<FileDetails> {
  return new Promise((resolve, reject) => {
    const fail = (why: string) => reject(new BadZipError(why));
    yauzl.fromBuffer(buf, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true }, (err, zip) => {
      if (err || !zip) return fail(err?.message ?? 'unreadable');
      if (zip.entryCount > LIMITS.zipMaxEntries) {
        zip.close();
        return fail(`more than ${LIMITS.zipMaxEntries} entries`);
      }
      let entries = 0;
      let declared = 0;
      let hasMossLog = false;
      zip.on('error', (e: Error) => fail(e.message));
      zip.on('entry', (entry: yauzl.Entry) => {
        entries++;
        declared += entry.uncompressedSize;
        if (declared > MAX_DECLARED_BYTES) {
          zip.close();
          return fail('declared size too large');
        }
        const base = entry.fileName.split('/').pop() ?? '';
        if (base.toLowerCase() === MOSS_LOG_NAME) hasMossLog = true;
        zip.readEntry();
      });
      zip.on('end', () => resolve({ zipEntries: entries, hasMossLog }));
      zip.readEntry();
    });
  });
}
