import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { LIMITS } from '@shared/limits';
import type { AppScope } from '@shared/applications';
import type { AppKey, CreatedKey } from '@shared/schemas/applications';
import { applicationKeys, applications, type ApplicationKeyRow, type ApplicationRow } from '@server/db/schema';
import type { Tx } from '@server/db/client';
import type { Services } from '@server/core/services';
import type { AuthedUser } from '@server/core/authed-user';
import { AppError } from '@server/app-error';
import { inTransaction } from '@server/db/outbox';
import { keyHash, keyPrefixOf, newKeySecret } from '@server/modules/app-keys/key-secret';
import { keyIsLive } from '@server/modules/app-keys/live';
import { presentKey } from './presenter';

/** The owner's application, locked: its keys are counted and made one at a time. */
async function lockOwnApplication(tx: Tx, ownerId: number, id: number): Promise<ApplicationRow> {
  const [app] = await tx.select().from(applications).where(eq(applications.id, id)).for('update');
  if (!app || app.ownerId !== ownerId) throw new AppError('application.notFound', 'no such application');
  if (app.status !== 'approved') throw new AppError('appKey.notApproved', `keys are for approved applications; this one is ${app.status}`);
  return app;
}

async function liveKeys(tx: Tx, applicationId: number) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(applicationKeys)
    .where(and(eq(applicationKeys.applicationId, applicationId), isNull(applicationKeys.revokedTime), or(isNull(applicationKeys.expiresTime), gt(applicationKeys.expiresTime, new Date()))));
  return Number(row?.n ?? 0);
}

async function insertKey(services: Services, tx: Tx, applicationId: number, name: string, scopes: AppScope[]): Promise<CreatedKey> {
  if ((await liveKeys(tx, applicationId)) >= LIMITS.appKeysLiveMax) {
    throw new AppError('appKey.tooMany', `an application has at most ${LIMITS.appKeysLiveMax} live keys: revoke one first`);
  }
  const secret = newKeySecret();
  const [row] = await tx.insert(applicationKeys).values({ applicationId, name, scopes, prefix: keyPrefixOf(secret), hash: keyHash(services.secret, secret) }).returning();
  return { ...presentKey(row!), secret };
}

/** A new key of an approved application, carrying the scopes asked (at most the granted ones; all of them by default). Its secret is answered once. */
export async function createKey(services: Services, owner: AuthedUser, input: { applicationId: number; name: string; scopes?: AppScope[] }): Promise<CreatedKey> {
  return inTransaction(services, async ({ tx }) => {
    const app = await lockOwnApplication(tx, owner.id, input.applicationId);
    const scopes = input.scopes ?? app.grantedScopes;
    const extra = scopes.filter((s) => !app.grantedScopes.includes(s));
    if (extra.length) throw new AppError('appKey.bad', `not granted to this application: ${extra.join(', ')}`);
    return insertKey(services, tx, app.id, input.name, scopes);
  });
}

/** The owner's key, with its application locked. */
async function lockOwnKey(tx: Tx, ownerId: number, keyId: number): Promise<{ key: ApplicationKeyRow; app: ApplicationRow }> {
  const [key] = await tx.select().from(applicationKeys).where(eq(applicationKeys.id, keyId));
  if (!key) throw new AppError('appKey.notFound', 'no such key');
  const [app] = await tx.select().from(applications).where(eq(applications.id, key.applicationId)).for('update');
  if (!app || app.ownerId !== ownerId) throw new AppError('appKey.notFound', 'no such key');
  return { key, app };
}

/**
 * A rotation: a new key with the old one's name and scopes; the old one keeps working for
 * `appKeyRotationGraceMs`, so both are live while the integration switches over.
 */
export async function rotateKey(services: Services, owner: AuthedUser, keyId: number): Promise<CreatedKey> {
  return inTransaction(services, async ({ tx }) => {
    const { key, app } = await lockOwnKey(tx, owner.id, keyId);
    if (app.status !== 'approved') throw new AppError('appKey.notApproved', `keys are for approved applications; this one is ${app.status}`);
    if (!keyIsLive(key) || key.expiresTime !== null) throw new AppError('appKey.bad', 'only a live key that is not already being replaced can be rotated');
    const created = await insertKey(services, tx, app.id, key.name, key.scopes.filter((s) => app.grantedScopes.includes(s)));
    await tx
      .update(applicationKeys)
      .set({ expiresTime: new Date(Date.now() + LIMITS.appKeyRotationGraceMs) })
      .where(eq(applicationKeys.id, key.id));
    return created;
  });
}

/** The key stops at once (a rotated one before its grace ends too). */
export async function revokeKey(services: Services, owner: AuthedUser, keyId: number): Promise<AppKey> {
  return inTransaction(services, async ({ tx }) => {
    const { key } = await lockOwnKey(tx, owner.id, keyId);
    if (key.revokedTime) return presentKey(key);
    const [row] = await tx.update(applicationKeys).set({ revokedTime: new Date() }).where(eq(applicationKeys.id, key.id)).returning();
    return presentKey(row!);
  });
}
