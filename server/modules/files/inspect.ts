import yauzl from 'yauzl';
import { LIMITS } from '@shared/limits';
import { MOSS_LOG_NAME } from '@shared/judgement';
import type { FileDetails, FileKind } from '@server/db/schema';

export interface Sniffed {
  mimeType: string;
  ext: string;
  kind: FileKind;
  maxBytes: number;
}

const startsWith = (buf: Buffer, bytes: number[], at = 0) => bytes.every((b, i) => buf[at + i] === b);
const ascii = (buf: Buffer, from: number, to: number) => buf.subarray(from, to).toString('latin1');

/** Bytes `sniff` needs to see. */
export const SNIFF_BYTES = 64;

const image = (mimeType: string, ext: string): Sniffed => ({ mimeType, ext, kind: 'image', maxBytes: LIMITS.uploadImageBytes });
const video = (mimeType: string, ext: string): Sniffed => ({ mimeType, ext, kind: 'video', maxBytes: LIMITS.uploadVideoBytes });
const ZIP: Sniffed = { mimeType: 'application/zip', ext: 'zip', kind: 'archive', maxBytes: LIMITS.uploadZipBytes };
const [PNG, JPEG, GIF, WEBP] = [image('image/png', 'png'), image('image/jpeg', 'jpg'), image('image/gif', 'gif'), image('image/webp', 'webp')];
const [WEBM, OGG, MP4] = [video('video/webm', 'webm'), video('video/ogg', 'ogg'), video('video/mp4', 'mp4')];
/** Every type taken: gif, jpeg, png, webp, webm, ogg, mp4, zip. */
const TYPES = [ZIP, PNG, JPEG, GIF, WEBP, WEBM, OGG, MP4];
/** ISO media brands that are not mp4 video (HEIF/AVIF stills, QuickTime). */
const NOT_MP4 = new Set(['heic', 'heix', 'hevc', 'hevx', 'mif1', 'msf1', 'avif', 'avis', 'qt  ', 'crx ']);

/** The file's real type from its first bytes (never from the name or the request's header). */
export function sniff(buf: Buffer): Sniffed | null {
  if (startsWith(buf, [0x50, 0x4b, 0x03, 0x04]) || startsWith(buf, [0x50, 0x4b, 0x05, 0x06])) return ZIP;
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return PNG;
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return JPEG;
  if (startsWith(buf, [0x47, 0x49, 0x46, 0x38])) return GIF;
  if (ascii(buf, 0, 4) === 'RIFF' && ascii(buf, 8, 12) === 'WEBP') return WEBP;
  if (startsWith(buf, [0x1a, 0x45, 0xdf, 0xa3]) && ascii(buf, 4, SNIFF_BYTES).includes('webm')) return WEBM;
  if (ascii(buf, 0, 4) === 'OggS') return OGG;
  if (ascii(buf, 4, 8) === 'ftyp' && buf.length >= 12 && !NOT_MP4.has(ascii(buf, 8, 12))) return MP4;
  return null;
}

/** The limit for a declared MIME type (big-file sessions announce theirs before any byte). */
export function kindOfMime(mimeType: string): Sniffed | null {
  return TYPES.find((t) => t.mimeType === mimeType) ?? null;
}

/** A declared size this large (or an absurd ratio) marks a zip bomb; we never inflate anything anyway. */
const MAX_DECLARED_BYTES = 1024 * 1024 * 1024;

export class BadZipError extends Error {}

/**
 * Reads a zip's central directory only — nothing is inflated, so a zip bomb costs nothing — and
 * refuses path tricks (absolute names, `..`, backslashes: yauzl's file-name checks), too many
 * entries and absurd declared sizes. Says whether a MOSS log (`Logfile.log`) is inside.
 */
export function inspectZip(file: string): Promise<FileDetails> {
  return new Promise((resolve, reject) => {
    const fail = (why: string) => reject(new BadZipError(why));
    yauzl.open(file, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true }, (err, zip) => {
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
