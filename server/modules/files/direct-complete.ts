import { LIMITS } from '@shared/limits';
import type { Services } from '@server/core/services';
import { AppError } from '@server/app-error';
import type { FileRow } from '@server/db/schema';
import { storageFault } from '../../infra/storage';
import { releaseQuota } from './quota';
import { storeReserved } from './service';
import { claimSession, liveSession } from './sessions';

/**
 * Finishes a session whose bytes went to the store: the multipart upload is completed from the
 * parts the browser reports (the store checks their ETags), what arrived must be exactly the
 * announced size, then it is checked and stored as any upload is. Before anything arrived the
 * session stays open (400 `upload.bad`); after, any refusal ends it and gives its quota back.
 */
export async function completeDirect(services: Services, id: string, parts?: Array<{ partNumber: number; etag: string }>): Promise<FileRow> {
  const direct = services.storage.direct;
  const s = await liveSession(services, id);
  if (!direct) throw new AppError('upload.bad', 'this site takes the bytes at the session URL only');
  if (parts) {
    const expected = Math.ceil(s.size / LIMITS.directPartBytes);
    const numbers = parts.map((p) => p.partNumber);
    if (numbers.length !== expected || numbers.some((n, i) => n !== i + 1)) throw new AppError('upload.bad', `send parts 1 to ${expected}, in order`);
  }
  const got = await direct.finish(id, parts).catch((e: unknown) => {
    throw e instanceof AppError ? e : (storageFault(e) ?? e);
  });
  if (!got) throw new AppError('upload.bad', 'nothing has arrived in the storage for this session yet');
  const claimed = await claimSession(services, id);
  if (got.size !== claimed.size) {
    await releaseQuota(services.db, claimed.userId, claimed.size, { daily: true });
    await direct.drop(id).catch(() => undefined);
    throw new AppError('upload.bad', `the session announced ${claimed.size} bytes, ${got.size} arrived`);
  }
  try {
    return await storeReserved(services, claimed.userId, { sessionId: id, ...got, originalName: claimed.originalName }, claimed.size, { name: claimed.name, mimeType: claimed.mimeType });
  } finally {
    await Promise.all([direct.drop(id), services.storage.chunks.drop(id)]).catch((err: unknown) => services.log.warn({ err, session: id }, 'could not remove what an upload session kept'));
  }
}
