import crypto from 'node:crypto';
import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import { LIMITS } from '@shared/limits';
import type { AppAuthorizationView, ExternalAuthInput } from '@shared/schemas/external-auth';
import { appAuthorizations, users, type AppAuthorizationRow } from '@server/db/schema';
import type { Services } from '@server/core/services';
import type { AuthedUser } from '@server/core/authed-user';
import { AppError } from '@server/app-error';
import { buildMail } from '@server/mail/templates';
import { sendMailOrFail } from '@server/mail/send';
import { pickLanguage } from '@shared/languages';
import { outboundRequest, OutboundError, unreachableHostReason } from '@server/infra/outbound';
import { fieldIssue } from '@server/http/validate';
import { userAvatarOf } from '@server/modules/users/avatar';
import { authTextOf, publishesAuthText } from './auth-text';

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
const domainOf = (url: string) => new URL(url).host;

async function present(services: Services, row: AppAuthorizationRow): Promise<AppAuthorizationView> {
  const [requester] = await services.db.select({ username: users.username }).from(users).where(eq(users.id, row.requestedBy));
  return {
    id: row.id,
    appName: row.appName,
    appId: row.appId,
    domain: domainOf(row.callbackUrl),
    state: row.state,
    tokenTtl: row.tokenTtl,
    requestedBy: { id: row.requestedBy, username: requester?.username ?? null },
    createTime: row.createTime.toISOString(),
    decidedTime: row.decidedTime?.toISOString() ?? null,
    codeExpires: row.codeExpires.toISOString(),
    failure: row.failure,
  };
}

/** The line the asking account's app publishes in its auths.txt. */
export const authTextFor = (services: Services, requester: AuthedUser) => authTextOf(services.secret, requester.id);

/**
 * A callback at a literal loopback, private, link-local or otherwise non-public address (or a
 * `localhost` name) is refused when the app asks, as bad input: its approval could only fail.
 * Names that resolve to such addresses are refused when the approval connects (`outboundRequest`).
 */
function checkCallbackHost(services: Services, callback: string) {
  const refusal = unreachableHostReason(new URL(callback).hostname, services.config.externalAuth.allowLoopback);
  if (refusal) throw new AppError('externalAuth.bad', [fieldIssue('body', 'CALLBACK_PATH', callback, 'non_public_address', `the callback ${refusal.message}`, { range: refusal.range })], 400);
}

/** `externalAuth`: records the request and mails the user a single-use approval link (24 h). */
export async function requestAppAuthorization(services: Services, requester: AuthedUser, input: ExternalAuthInput) {
  checkCallbackHost(services, input.CALLBACK_PATH);
  const [user] = await services.db.select().from(users).where(eq(users.id, input.id)).limit(1);
  if (!user || !user.valid) throw new AppError('externalAuth.noSuchUser', 'no such user');
  if (!user.originEmail) throw new AppError('externalAuth.fail', 'the user has no bound e-mail to ask');
  if (user.privileges.includes('blacklisted')) throw new AppError('externalAuth.fail', 'the user is banned');
  const code = crypto.randomBytes(32).toString('hex');
  const language = pickLanguage(user.attr.language);
  await services.db.transaction(async (tx) => {
    await tx.insert(appAuthorizations).values({
      userId: user.id,
      requestedBy: requester.id,
      appName: input.appName,
      appId: input.appId,
      callbackUrl: input.CALLBACK_PATH,
      tokenTtl: input.EXPIRES_IN,
      codeHash: sha256(code),
      codeExpires: new Date(Date.now() + LIMITS.appAuthCodeTtlMs),
    });
    const link = `${services.config.publicUrl}/appAuth?code=${code}`;
    const mail = buildMail(services.i18n, 'appAuth', {
      to: user.originEmail!,
      language,
      username: user.username,
      link,
      hours: LIMITS.appAuthCodeTtlMs / 3_600_000,
      vars: { appName: input.appName, domain: domainOf(input.CALLBACK_PATH) },
    });
    await sendMailOrFail(services, mail);
  });
  return { id: user.id, appName: input.appName };
}

async function ownPendingByCode(services: Services, user: AuthedUser, code: string) {
  const [row] = await services.db
    .select()
    .from(appAuthorizations)
    .where(and(eq(appAuthorizations.codeHash, sha256(code)), eq(appAuthorizations.userId, user.id)))
    .limit(1);
  return row ?? null;
}

/** What the approval page shows: the app, its site, who asked, what it gets; only to the user asked. */
export async function describeAppAuthorization(services: Services, user: AuthedUser, code: string) {
  const row = await ownPendingByCode(services, user, code);
  if (!row) throw new AppError('appAuth.notFound', 'no such request for this account');
  return present(services, row);
}

async function markFailed(services: Services, id: number, reason: string) {
  await services.db.update(appAuthorizations).set({ state: 'failed', failure: reason.slice(0, 200) }).where(eq(appAuthorizations.id, id));
}

/**
 * `confirmAuth`: spends the code (once, before anything leaves the server), checks the app's
 * auths.txt for the asking account's line, then hands the app a token limited to reading and
 * reporting, by POSTing `{userId, token}` to its callback. Every outbound step is SSRF-safe.
 */
export async function confirmAppAuthorization(services: Services, user: AuthedUser, code: string) {
  const now = new Date();
  const [row] = await services.db
    .update(appAuthorizations)
    .set({ state: 'approved', decidedTime: now })
    .where(
      and(
        eq(appAuthorizations.codeHash, sha256(code)),
        eq(appAuthorizations.userId, user.id),
        eq(appAuthorizations.state, 'pending'),
        gt(appAuthorizations.codeExpires, now),
      ),
    )
    .returning();
  if (!row) {
    const known = await ownPendingByCode(services, user, code);
    if (!known) throw new AppError('confirmAuth.notFound', 'no such request for this account');
    throw new AppError('confirmAuth.fail', known.state === 'pending' ? 'the approval link has expired' : 'this request was already answered');
  }
  const outbound = { allowLoopback: services.config.externalAuth.allowLoopback, ca: services.config.externalAuth.ca, timeoutMs: LIMITS.appOutboundTimeoutMs };
  try {
    const authsUrl = new URL('/auths.txt', row.callbackUrl).toString();
    const file = await outboundRequest(authsUrl, { ...outbound, method: 'GET', maxBytes: LIMITS.appAuthTextMaxBytes });
    if (file.status !== 200) throw new OutboundError(`auths.txt answered HTTP ${file.status}`);
    if (!publishesAuthText(file.body, authTextOf(services.secret, row.requestedBy))) throw new OutboundError('auths.txt does not carry the asking account’s line');
    const { token } = await services.tokens.sign({
      userId: user.id,
      username: user.row.username,
      userAvatar: userAvatarOf(user.row),
      privilege: user.privileges,
      visitType: 'external-auth',
      expiresIn: row.tokenTtl,
      authId: row.id,
    });
    const answer = await outboundRequest(row.callbackUrl, {
      ...outbound,
      method: 'POST',
      maxBytes: 4096,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId: user.id, token }),
    });
    if (answer.status < 200 || answer.status >= 300) throw new OutboundError(`the callback answered HTTP ${answer.status}`);
  } catch (e) {
    const reason = e instanceof OutboundError ? e.message : 'the app could not be reached';
    if (!(e instanceof OutboundError)) services.log.warn({ err: e, authorization: row.id }, 'external authorization failed');
    await markFailed(services, row.id, reason);
    throw new AppError('confirmAuth.fail', reason);
  }
  return present(services, { ...row });
}

/** The user says no: the request ends, the code is spent. */
export async function refuseAppAuthorization(services: Services, user: AuthedUser, code: string) {
  const [row] = await services.db
    .update(appAuthorizations)
    .set({ state: 'refused', decidedTime: new Date() })
    .where(and(eq(appAuthorizations.codeHash, sha256(code)), eq(appAuthorizations.userId, user.id), eq(appAuthorizations.state, 'pending')))
    .returning();
  if (!row) throw new AppError('appAuth.notFound', 'no open request for this account');
  return present(services, row);
}

/** The apps a user has authorized (and those waiting), newest first. */
export async function listUserApps(services: Services, user: AuthedUser) {
  const rows = await services.db
    .select()
    .from(appAuthorizations)
    .where(and(eq(appAuthorizations.userId, user.id), inArray(appAuthorizations.state, ['approved', 'pending'])))
    .orderBy(desc(appAuthorizations.createTime))
    .limit(100);
  return Promise.all(rows.filter((r) => r.state === 'approved' || r.codeExpires > new Date()).map((r) => present(services, r)));
}

/** Revoking an app ends its token at once (the token names this row). */
export async function revokeUserApp(services: Services, user: AuthedUser, id: number) {
  const [row] = await services.db
    .update(appAuthorizations)
    .set({ state: 'revoked', decidedTime: new Date() })
    .where(and(eq(appAuthorizations.id, id), eq(appAuthorizations.userId, user.id), inArray(appAuthorizations.state, ['approved', 'pending'])))
    .returning();
  if (!row) throw new AppError('appAuth.notFound', 'no such app for this account');
  return present(services, row);
}
