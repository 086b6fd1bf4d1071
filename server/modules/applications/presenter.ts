import type { AppKey, Application } from '@shared/schemas/applications';
import type { ApplicationKeyRow, ApplicationRow } from '@server/db/schema';
import { keyIsLive } from '@server/modules/app-keys/live';


export const presentKey = (row: ApplicationKeyRow, now = Date.now()): AppKey => ({
  id: row.id,
  applicationId: row.applicationId,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes,
  createTime: row.createTime.toISOString(),
  lastUsedTime: row.lastUsedTime?.toISOString() ?? null,
  expiresTime: row.expiresTime?.toISOString() ?? null,
  revokedTime: row.revokedTime?.toISOString() ?? null,
  live: keyIsLive(row, now),
});

export interface ApplicationNames {
  ownerName: string | null;
  botName: string | null;
  reviewerName: string | null;
}

export const presentApplication = (row: ApplicationRow, names: ApplicationNames, keys: ApplicationKeyRow[]): Application => ({
  id: row.id,
  name: row.name,
  purpose: row.purpose,
  homepage: row.homepage,
  contact: row.contact,
  requestedScopes: row.requestedScopes,
  grantedScopes: row.grantedScopes,
  status: row.status,
  reason: row.reason,
  ownerId: row.ownerId,
  ownerName: names.ownerName,
  botUserId: row.botUserId,
  botName: names.botName,
  reviewerName: names.reviewerName,
  reviewTime: row.reviewTime?.toISOString() ?? null,
  createTime: row.createTime.toISOString(),
  keys: keys.map((k) => presentKey(k)),
});
