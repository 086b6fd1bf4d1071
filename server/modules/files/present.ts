import type { MediaFile, StorageQuota } from '@shared/types/files';
import type { MediaQuotaLimits } from '@shared/limits';
import { LIMITS } from '@shared/limits';
import type { FileRow } from '@server/db/schema';
import type { quotaUsage } from './quota';

export const downloadPath = (name: string) => `/api/service/file?filename=${encodeURIComponent(name)}`;

export function presentFile(row: FileRow): MediaFile {
  const thumb = row.kind === 'image' && row.state === 'ready' && row.details.variants?.thumb;
  return {
    filename: row.name,
    originalName: row.originalName,
    size: row.size,
    mimeType: row.mimeType,
    kind: row.kind,
    state: row.state,
    reason: row.reason,
    createTime: row.createTime.toISOString(),
    userId: row.byUserId,
    downloadURL: downloadPath(row.name),
    thumbnailURL: thumb ? `${downloadPath(row.name)}&size=thumb` : null,
    width: row.details.width ?? null,
    height: row.details.height ?? null,
  };
}

export function presentQuota(limits: MediaQuotaLimits, usage: Awaited<ReturnType<typeof quotaUsage>>): StorageQuota {
  return {
    maxFileNumber: limits.dailyFiles,
    maxFileSize: LIMITS.uploadVideoBytes,
    maxTrafficQuota: limits.dailyBytes,
    maxStorageQuota: limits.storageBytes,
    todayFileNumber: usage.dayFiles,
    todayTraffic: usage.dayBytes,
    totalStorage: usage.totalBytes,
    resetTime: usage.resetAt.toISOString(),
  };
}
