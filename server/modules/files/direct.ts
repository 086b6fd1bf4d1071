import { LIMITS } from '@shared/limits';
import type { DirectUpload } from '@shared/types/files';
import type { Services } from '@server/core/services';

/**
 * Uploads from the browser straight to the object store (STORAGE=s3): the server signs requests
 * whose terms it sets — a presigned POST whose policy fixes the key, the exact size and the type,
 * or a multipart upload whose parts it signs one by one — and the bytes never pass through it.
 * Nothing exists for the site until `completeDirect` (./direct-complete.ts): then the server reads what arrived (size,
 * type from the bytes, zip and image checks, all pinned to the object's ETag) and only an accepted
 * upload is copied to its stored name. docs/decisions/0012-object-storage.md tells why.
 */
export async function directOffer(services: Services, id: string, size: number, mimeType: string, uploadUrl: string): Promise<DirectUpload | null> {
  const direct = services.storage.direct;
  if (!direct) return null;
  const completeUrl = `${uploadUrl}/complete`;
  if (size <= LIMITS.directPartBytes) return { method: 'post', ...(await direct.post(id, size, mimeType, LIMITS.uploadSessionTtlMs)), completeUrl };
  return { method: 'multipart', ...(await direct.multipart(id, size, mimeType, LIMITS.directPartBytes, LIMITS.uploadSessionTtlMs)), completeUrl };
}

/** Removes what a session left in the store (nothing without an object store). */
export async function dropDirect(services: Services, id: string) {
  await services.storage.direct?.drop(id);
}
