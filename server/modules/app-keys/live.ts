import type { ApplicationKeyRow } from '@server/db/schema';

/** A key lives until it is revoked or, rotated, until its grace ends. */
export const keyIsLive = (row: Pick<ApplicationKeyRow, 'revokedTime' | 'expiresTime'>, now = Date.now()) =>
  row.revokedTime === null && (row.expiresTime === null || row.expiresTime.getTime() > now);
