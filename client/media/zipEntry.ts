/** Reading a zip archive in the browser: its central directory only, nothing is unpacked. */

export type ZipSearch = 'found' | 'missing' | 'notZip';

const u16 = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u32 = (b: Uint8Array, at: number) => (u16(b, at) | (u16(b, at + 2) << 16)) >>> 0;

const LOCAL_FILE = 0x04034b50;
const CENTRAL_FILE = 0x02014b50;
const END_OF_DIRECTORY = 0x06054b50;

/**
 * Whether the zip in `bytes` holds an entry whose path `matches`: `found` at the first that does,
 * `missing` when none does (an empty zip included), `notZip` when it is not a zip or its directory
 * is damaged before a match.
 */
export function findZipEntry(bytes: Uint8Array, matches: (path: string) => boolean): ZipSearch {
  if (bytes.length < 22 || u32(bytes, 0) !== LOCAL_FILE) return bytes.length >= 22 && u32(bytes, 0) === END_OF_DIRECTORY ? 'missing' : 'notZip';
  // The end-of-central-directory record sits in the last 22 + 65535 bytes.
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (u32(bytes, i) === END_OF_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end < 0) return 'notZip';
  const entries = u16(bytes, end + 10);
  let at = u32(bytes, end + 16);
  const decoder = new TextDecoder();
  for (let n = 0; n < entries; n++) {
    if (at + 46 > bytes.length || u32(bytes, at) !== CENTRAL_FILE) return 'notZip';
    const nameLength = u16(bytes, at + 28);
    if (matches(decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)))) return 'found';
    at += 46 + nameLength + u16(bytes, at + 30) + u16(bytes, at + 32);
  }
  return 'missing';
}
