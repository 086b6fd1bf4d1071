import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppScope } from '@shared/applications';
import type { Application } from '@shared/schemas/applications';
import { applications, users, type ApplicationRow } from '@server/db/schema';
import type { Tx } from '@server/db/client';
import type { Services } from '@server/core/services';
import type { AuthedUser } from '@server/core/authed-user';
import { AppError } from '@server/app-error';
import { inTransaction } from '@server/db/outbox';
import { recordAdminAction } from '@server/modules/admin/oplog';
import { applicationById, applicationsWhere } from './queries';
import { assertScopesFor } from './register';

export interface Review {
  id: number;
  action: 'approve' | 'refuse' | 'suspend';
  reason?: string;
  scopes?: AppScope[];
}

/** Which states each action may start from. */
const FROM: Record<Review['action'], readonly ApplicationRow['status'][]> = {
  approve: ['pending', 'refused', 'suspended'],
  refuse: ['pending'],
  suspend: ['approved'],
};
const TO = { approve: 'approved', refuse: 'refused', suspend: 'suspended' } as const;
const LOGGED = { approve: 'approveApplication', refuse: 'refuseApplication', suspend: 'suspendApplication' } as const;

/**
 * The bot account an application's keys act as: a `bot` account no password opens (`!` is no
 * hash), marked with its application so what it writes is shown as the application's.
 */
async function createBotAccount(tx: Tx, app: ApplicationRow): Promise<number> {
  const [row] = await tx
    .insert(users)
    .values({ username: `app-${app.id}-${randomBytes(3).toString('hex')}`, passwordHash: '!', privileges: ['bot'], attr: { app: { id: app.id, name: app.name } } })
    .returning({ id: users.id });
  return row!.id;
}

/** Staff approve (granting the scopes asked, or fewer), refuse or suspend an application, in the admin log. */
export async function reviewApplication(services: Services, staff: AuthedUser, input: Review): Promise<Application> {
  await inTransaction(services, async ({ tx }) => {
    const [before] = await tx.select().from(applications).where(eq(applications.id, input.id)).for('update');
    if (!before) throw new AppError('applicationReview.notFound', 'no such application');
    if (!FROM[input.action].includes(before.status)) throw new AppError('applicationReview.bad', `a ${before.status} application cannot be given "${input.action}"`);
    const changes: Partial<typeof applications.$inferInsert> = { status: TO[input.action], reviewerId: staff.id, reviewTime: new Date(), updateTime: new Date() };
    if (input.action === 'approve') {
      const granted = input.scopes ?? before.requestedScopes;
      const extra = granted.filter((s) => !before.requestedScopes.includes(s));
      if (extra.length) throw new AppError('applicationReview.bad', `not asked for: ${extra.join(', ')}`);
      const [owner] = await tx.select({ privileges: users.privileges }).from(users).where(eq(users.id, before.ownerId));
      assertScopesFor(owner?.privileges ?? [], granted, 'applicationReview.bad');
      changes.grantedScopes = granted;
      changes.reason = null;
      changes.botUserId = before.botUserId ?? (await createBotAccount(tx, before));
    } else changes.reason = input.reason ?? null;
    await tx.update(applications).set(changes).where(eq(applications.id, input.id));
    await recordAdminAction(tx, {
      actorId: staff.id,
      action: LOGGED[input.action],
      targetUserId: before.ownerId,
      detail: { applicationId: before.id, name: before.name, ...(changes.grantedScopes ? { scopes: changes.grantedScopes } : {}), ...(input.reason ? { reason: input.reason } : {}) },
    });
  });
  return applicationById(services.db, input.id);
}

/** Staff: the applications by state, newest first. */
export const staffApplications = (services: Services, q: { status: ApplicationRow['status'] | 'all'; skip: number; limit: number }) =>
  applicationsWhere(services.db, q.status === 'all' ? undefined : eq(applications.status, q.status), q);
