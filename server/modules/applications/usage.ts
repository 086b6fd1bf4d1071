import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { LIMITS } from '@shared/limits';
import type { ApplicationUsageRow } from '@shared/schemas/applications';
import { applicationUsage } from '@server/db/schema';
import type { Db } from '@server/db/client';
import type { Services } from '@server/core/services';
import type { UsageLine } from '@server/infra/usage-counts';

/** Adds a node's counted usage to the stored counts, in one statement. */
export async function storeUsage(db: Db, lines: UsageLine[]): Promise<void> {
  if (!lines.length) return;
  await db
    .insert(applicationUsage)
    .values(lines)
    .onConflictDoUpdate({
      target: [applicationUsage.keyId, applicationUsage.day, applicationUsage.endpoint],
      set: { requests: sql`${applicationUsage.requests} + excluded.requests`, writes: sql`${applicationUsage.writes} + excluded.writes` },
    });
}

/**
 * An application's usage over the last `appUsageDays` days, by day and endpoint, all its keys
 * together; what this node counted but has not stored yet is stored first.
 */
export async function readUsage(services: Services, applicationId: number): Promise<ApplicationUsageRow[]> {
  await services.appUsage.flush();
  const since = new Date(Date.now() - (LIMITS.appUsageDays - 1) * 86_400_000).toISOString().slice(0, 10);
  const rows = await services.db
    .select({
      day: applicationUsage.day,
      endpoint: applicationUsage.endpoint,
      requests: sql<number>`sum(${applicationUsage.requests})::int`,
      writes: sql<number>`sum(${applicationUsage.writes})::int`,
    })
    .from(applicationUsage)
    .where(and(eq(applicationUsage.applicationId, applicationId), gte(applicationUsage.day, since)))
    .groupBy(applicationUsage.day, applicationUsage.endpoint)
    .orderBy(asc(applicationUsage.day), asc(applicationUsage.endpoint));
  return rows.map((r) => ({ ...r, requests: Number(r.requests), writes: Number(r.writes) }));
}
