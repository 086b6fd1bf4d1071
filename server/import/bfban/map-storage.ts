import type { FileDetails } from '@server/db/schema';
import { isStoredName } from '@server/infra/storage';
import { issuesOf, type Mapped } from './issues';
import type { MapContext } from './context';
import { MIME_BY_EXT } from './vocabulary';
import { datetime, intIn, textOrNull } from './values';

export type FileTarget = Record<string, unknown> & { id: number; name: string; by_user_id: number; size: number; kind: string };

/** Where an imported file's bytes were: the original's OneDrive item, until `--files` copies them here. */
export interface ImportedFileDetails extends FileDetails {
  importedFrom?: { fileId: string | null; copied: boolean };
}

/**
 * storage_items -> files, id kept; names are the original's (`YYYY-MM-DD_<uuid>.<ext>`, the same
 * scheme here), so `/api/service/file?filename=` links in old posts keep naming them.
 */
export function mapStorageItem(raw: Record<string, unknown>, ctx: MapContext): Mapped<FileTarget> {
  const id = Number(raw.id);
  const issues = issuesOf('storage_items', id);
  const name = textOrNull(raw.filename) ?? '';
  if (!isStoredName(name)) issues.refuse('filename', name, 'not a stored file name (YYYY-MM-DD_<uuid>.<ext>)');
  const type = MIME_BY_EXT[name.slice(name.lastIndexOf('.') + 1)];
  if (isStoredName(name) && !type) issues.refuse('filename', name, 'a file type this site does not take');
  const holder = ctx.fileByName.get(name);
  if (holder !== undefined && holder !== id) issues.refuse('filename', name, `also the name of file #${holder}, which keeps it (names are unique here)`);
  const owner = intIn(raw.byUserId, 1, 2_147_483_647);
  if (owner === null || !ctx.users.has(owner)) issues.refuse('byUserId', raw.byUserId, 'no such owner');
  const size = intIn(raw.size, 0, 2_147_483_647) ?? 0;
  const createTime = datetime(ctx.zone, raw.createTime, 'createTime', issues) ?? new Date(0);
  if (issues.refused) return { row: null, issues: issues.list };
  const details: ImportedFileDetails = { importedFrom: { fileId: textOrNull(raw.fileId), copied: false } };
  return {
    row: { id, name, by_user_id: owner!, mime_type: type!.mimeType, kind: type!.kind, state: 'ready', size, details, create_time: createTime.toISOString() },
    issues: issues.list,
  };
}

export type QuotaTarget = Record<string, unknown> & { user_id: number };

/**
 * storage_quotas -> media quotas. The limits here come from the account's roles; the storage used
 * is counted again from the files (`finalize/quotas.ts`); today's traffic and files carry over
 * while the original's day is still running.
 */
export function mapStorageQuota(raw: Record<string, unknown>, ctx: MapContext): Mapped<QuotaTarget> {
  const userId = Number(raw.userId);
  const issues = issuesOf('storage_quotas', userId);
  if (!ctx.users.has(userId)) issues.refuse('userId', raw.userId, 'no such user');
  const dayStart = datetime(ctx.zone, raw.prevResetTime, 'prevResetTime', issues) ?? new Date(0);
  if (issues.refused) return { row: null, issues: issues.list };
  return {
    row: { user_id: userId, day_bytes: intIn(raw.todayTrafficQuota, 0, Number.MAX_SAFE_INTEGER) ?? 0, day_files: intIn(raw.todayFileNumber, 0, 2_147_483_647) ?? 0, day_start: dayStart.toISOString() },
    issues: issues.list,
  };
}
