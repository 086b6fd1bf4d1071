import { z } from 'zod';
import { LIMITS } from '../limits';
import { idParam } from './common';

/** The mailed approval code: 64 hex characters (32 random bytes). */
const approvalCode = z.string().trim().regex(/^[0-9a-f]{64}$/, 'not an approval code');

/**
 * `POST /service/externalAuth` (a bot or staff account, top-level body as KOOK sends it):
 * which user, the app, the app token's lifetime in ms, and the app's https callback.
 */
export const externalAuthBody = z.object({
  id: idParam,
  appName: z.string().trim().min(1).max(LIMITS.appNameMax),
  appId: z.union([z.string(), z.number()]).transform(String).pipe(z.string().trim().min(1).max(64)),
  EXPIRES_IN: z.coerce.number().int().min(60_000).max(LIMITS.appTokenTtlMaxMs).default(LIMITS.appTokenTtlMs),
  CALLBACK_PATH: z.url({ protocol: /^https$/, message: 'the callback must be an https address' }).max(LIMITS.videoLinkMax),
});
export type ExternalAuthInput = z.infer<typeof externalAuthBody>;

/** `POST /service/confirmAuth` and `POST /service/refuseAuth`: `{code}` (or `{data: {code}}`). */
export const approvalCodeBody = z
  .union([z.object({ code: approvalCode }), z.object({ data: z.object({ code: approvalCode }) })])
  .transform((b) => ('code' in b ? b.code : b.data.code));

/** `GET /service/authInfo?code`: what the approval page shows. */
export const approvalCodeQuery = z.object({ code: approvalCode });

/** `POST /user/apps/revoke {id}`. */
export const revokeAppBody = z.union([z.object({ id: idParam }), z.object({ data: z.object({ id: idParam }) })]).transform((b) => ('id' in b ? b.id : b.data.id));

/** An app as the approval page and the profile's list of authorized apps show it. */
export interface AppAuthorizationView {
  id: number;
  appName: string;
  appId: string;
  /** The app's site (the callback's host), which is what the user trusts. */
  domain: string;
  state: 'pending' | 'approved' | 'refused' | 'failed' | 'revoked';
  /** The token's lifetime in ms. */
  tokenTtl: number;
  requestedBy: { id: number; username: string | null };
  createTime: string;
  decidedTime: string | null;
  /** When the approval code stops working (pending requests). */
  codeExpires: string;
  failure: string | null;
}
