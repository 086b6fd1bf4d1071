import { z } from 'zod';
import { LIMITS } from '../limits';
import { APP_SCOPES, APPLICATION_STATES, type AppScope, type ApplicationState } from '../applications';
import { idParam, limitParam, skipParam } from './common';

const httpsUrl = z
  .string()
  .trim()
  .max(500)
  .refine((v) => URL.canParse(v) && new URL(v).protocol === 'https:', 'an https:// address');

const scopeList = z
  .array(z.enum(APP_SCOPES))
  .min(1)
  .max(APP_SCOPES.length)
  .transform((scopes) => APP_SCOPES.filter((s) => scopes.includes(s)));

/** `POST /developers/applications`: a member registers an application; it waits for staff review. */
export const registerApplicationBody = z.object({
  data: z.object({
    name: z.string().trim().min(2).max(LIMITS.applicationNameMax),
    purpose: z.string().trim().min(LIMITS.applicationPurposeMin).max(LIMITS.applicationPurposeMax),
    homepage: httpsUrl,
    /** How staff reach the maker: an address, a chat handle. */
    contact: z.string().trim().min(3).max(LIMITS.applicationContactMax),
    scopes: scopeList,
  }),
});
export type ApplicationRegistration = z.input<typeof registerApplicationBody>['data'];

/** `GET /developers/applications/usage` and the staff's: an application's usage by day and endpoint. */
export const applicationUsageQuery = z.object({ id: idParam });

/** `GET /admin/applications`: the applications for staff, by state. */
export const adminApplicationsQuery = z.object({ status: z.enum([...APPLICATION_STATES, 'all']).default('pending'), skip: skipParam, limit: limitParam(100, 20) });

/**
 * `POST /admin/applications/review`: approve (granting the scopes asked, or fewer), refuse or
 * suspend with a reason the owner sees.
 */
export const reviewApplicationBody = z.object({
  data: z
    .object({
      id: idParam,
      action: z.enum(['approve', 'refuse', 'suspend']),
      reason: z.string().trim().max(LIMITS.applicationReasonMax).optional(),
      scopes: scopeList.optional(),
    })
    .refine((d) => d.action === 'approve' || !!d.reason, { message: 'say why', path: ['reason'] }),
});

const keyName = z.string().trim().min(1).max(LIMITS.appKeyNameMax);

/** `POST /developers/keys`: a new key of an approved application, with the scopes it carries (at most the granted ones). */
export const createKeyBody = z.object({ data: z.object({ applicationId: idParam, name: keyName, scopes: scopeList.optional() }) });
/** `POST /developers/keys/rotate`: a new key in place of one; the old works for a day more. */
export const rotateKeyBody = z.object({ data: z.object({ id: idParam }) });
/** `POST /developers/keys/revoke`: the key stops at once. */
export const revokeKeyBody = z.object({ data: z.object({ id: idParam }) });

/** A key as its owner sees it: never its secret, which is shown once (`CreatedKey`). */
export interface AppKey {
  id: number;
  applicationId: number;
  name: string;
  /** The key's first characters, to tell keys apart. */
  prefix: string;
  scopes: AppScope[];
  createTime: string;
  lastUsedTime: string | null;
  /** When a rotated key stops; null for a key without an end. */
  expiresTime: string | null;
  revokedTime: string | null;
  live: boolean;
}

/** The answer to a key's creation or rotation: the only time the secret is sent. */
export interface CreatedKey extends AppKey {
  secret: string;
}

/** An application as its owner and staff see it. */
export interface Application {
  id: number;
  name: string;
  purpose: string;
  homepage: string;
  contact: string;
  requestedScopes: AppScope[];
  grantedScopes: AppScope[];
  status: ApplicationState;
  reason: string | null;
  ownerId: number;
  ownerName: string | null;
  /** The bot account its keys act as, once approved. */
  botUserId: number | null;
  botName: string | null;
  reviewerName: string | null;
  reviewTime: string | null;
  createTime: string;
  keys: AppKey[];
}

/** Requests and writes of one endpoint on one day (UTC). */
export interface ApplicationUsageRow {
  day: string;
  endpoint: string;
  requests: number;
  writes: number;
}
