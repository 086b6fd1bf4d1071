import type { FileDetails } from '@server/db/schema';

/** What the BFBAN import records of a file whose bytes stayed on the old site (server/import/bfban/map-storage.ts). */
interface ImportedFrom {
  fileId?: unknown;
  copied?: unknown;
}

/**
 * A file record imported without its bytes (`import-bfban` without `--files`, or a copy that
 * failed): `url` is where the old site's file is when its id is an http(s) address, else null.
 * Undefined for every file whose bytes are here (uploads, and imported files once copied).
 */
export function notCopiedOrigin(details: FileDetails | null): { url: string | null } | undefined {
  const from = (details as { importedFrom?: ImportedFrom } | null)?.importedFrom;
  if (!from || from.copied !== false) return undefined;
  if (typeof from.fileId !== 'string' || !/^https?:\/\//i.test(from.fileId)) return { url: null };
  try {
    const url = new URL(from.fileId);
    return { url: url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null };
  } catch {
    return { url: null };
  }
}
