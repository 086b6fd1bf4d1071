import { eq } from 'drizzle-orm';
import { LIMITS } from '@shared/limits';
import { APP_KEY_VISIT } from '@shared/applications';
import { applicationKeys, applications } from '@server/db/schema';
import type { Services } from '@server/core/services';
import { toAuthedUser, type AuthedUser } from '@server/core/authed-user';
import { requestUser } from '@server/modules/users/queries';
import { keyHash } from './key-secret';
import { keyIsLive } from './live';

/**
 * When this node last wrote each key's last-used time (epoch ms), per site: key ids are the
 * database's, and one process may serve more than one site's services (the tests do).
 */
const lastWrittenBySite = new WeakMap<Services, Map<number, number>>();

/**
 * Notes that a key was used, at most once per `appKeyLastUsedEveryMs` per key and node: a
 * busy key costs one write a minute, not one per request. Not awaited by the request.
 */
function touch(services: Services, keyId: number, now: number) {
  const lastWritten = lastWrittenBySite.get(services) ?? new Map<number, number>();
  lastWrittenBySite.set(services, lastWritten);
  const last = lastWritten.get(keyId) ?? 0;
  if (now - last < LIMITS.appKeyLastUsedEveryMs) return;
  lastWritten.set(keyId, now);
  services.db
    .update(applicationKeys)
    .set({ lastUsedTime: new Date(now) })
    .where(eq(applicationKeys.id, keyId))
    .then(
      () => undefined,
      (error: unknown) => {
        lastWritten.delete(keyId);
        services.log.warn({ err: error, keyId }, 'could not note a key’s last use');
      },
    );
}

/**
 * An application's key as the signed-in user it acts as (its application's bot account), or why
 * it is refused: unknown, revoked, past its rotation's grace, or its application not approved.
 */
export async function resolveAppKey(services: Services, raw: string): Promise<{ user: AuthedUser } | { error: 'app.keyRefused'; message: string }> {
  const [row] = await services.db
    .select({ key: applicationKeys, status: applications.status, granted: applications.grantedScopes, name: applications.name, botUserId: applications.botUserId })
    .from(applicationKeys)
    .innerJoin(applications, eq(applications.id, applicationKeys.applicationId))
    .where(eq(applicationKeys.hash, keyHash(services.secret, raw)))
    .limit(1);
  const now = Date.now();
  if (!row || !keyIsLive(row.key, now)) return { error: 'app.keyRefused', message: 'this key is unknown, revoked or expired' };
  if (row.status !== 'approved' || row.botUserId === null) return { error: 'app.keyRefused', message: `this key's application is ${row.status}` };
  const bot = await requestUser(services.db, row.botUserId);
  if (!bot || !bot.valid) return { error: 'app.keyRefused', message: "this key's bot account is disabled" };
  touch(services, row.key.id, now);
  const token = { userId: bot.id, username: bot.username, userAvatar: '', privilege: bot.privileges, signWhen: row.key.createTime.getTime(), visitType: APP_KEY_VISIT, expiresIn: 0 };
  const scopes = row.key.scopes.filter((s) => row.granted.includes(s));
  return { user: toAuthedUser(bot, token, { applicationId: row.key.applicationId, name: row.name, keyId: row.key.id, scopes }) };
}
