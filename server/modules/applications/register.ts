import { and, eq, sql } from 'drizzle-orm';
import { LIMITS } from '@shared/limits';
import { STAFF_ONLY_SCOPES, type AppScope } from '@shared/applications';
import { isStaff } from '@shared/privileges';
import type { Application } from '@shared/schemas/applications';
import { applications, users } from '@server/db/schema';
import type { Services } from '@server/core/services';
import type { AuthedUser } from '@server/core/authed-user';
import { AppError } from '@server/app-error';
import { inTransaction } from '@server/db/outbox';
import { applicationById, applicationsWhere } from './queries';

/** Scopes only staff members' applications may have (a staff bot): refused to anyone else. */
export function assertScopesFor(ownerPrivileges: readonly string[], scopes: readonly AppScope[], code: 'applicationRegister.staffOnly' | 'applicationReview.bad') {
  const staffOnly = scopes.filter((s) => STAFF_ONLY_SCOPES.includes(s));
  if (staffOnly.length && !isStaff(ownerPrivileges)) throw new AppError(code, `only a staff member's application may have ${staffOnly.join(', ')}`);
}

export interface Registration {
  name: string;
  purpose: string;
  homepage: string;
  contact: string;
  scopes: AppScope[];
}

/** A member registers an application; at most `applicationsPendingPerUser` wait for review at once (counted under the member's row lock). */
export async function registerApplication(services: Services, user: AuthedUser, input: Registration): Promise<Application> {
  assertScopesFor(user.privileges, input.scopes, 'applicationRegister.staffOnly');
  const id = await inTransaction(services, async ({ tx }) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const [counted] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(applications)
      .where(and(eq(applications.ownerId, user.id), eq(applications.status, 'pending')));
    if (Number(counted?.n ?? 0) >= LIMITS.applicationsPendingPerUser) {
      throw new AppError('applicationRegister.tooMany', `at most ${LIMITS.applicationsPendingPerUser} applications may wait for review at once`);
    }
    const [row] = await tx
      .insert(applications)
      .values({ ownerId: user.id, name: input.name, purpose: input.purpose, homepage: input.homepage, contact: input.contact, requestedScopes: input.scopes })
      .returning({ id: applications.id });
    return row!.id;
  });
  return applicationById(services.db, id);
}

/** A member's own applications with their keys, newest first. */
export const myApplications = (services: Services, userId: number) => applicationsWhere(services.db, eq(applications.ownerId, userId), { skip: 0, limit: 100 });

/** One application of its owner (another's is not found). */
export async function ownApplication(services: Services, userId: number, id: number): Promise<Application> {
  const app = await applicationById(services.db, id);
  if (app.ownerId !== userId) throw new AppError('application.notFound', 'no such application');
  return app;
}
