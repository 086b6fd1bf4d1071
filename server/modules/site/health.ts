import { sql } from 'drizzle-orm';
import type { Services } from '@server/core/services';

type Check = { status: 'ok' | 'down' | 'off'; kind?: string; detail?: string };

async function check(run: () => Promise<unknown>, kind?: string): Promise<Check> {
  try {
    await run();
    return { status: 'ok', kind };
  } catch (e) {
    return { status: 'down', kind, detail: (e as Error).message };
  }
}

/** The job queue: its store answers and this node's workers run; the counts help an operator see a backlog. */
async function queueCheck(services: Services): Promise<Check & { counts?: Awaited<ReturnType<Services['jobs']['status']>> }> {
  try {
    const counts = await services.jobs.status();
    if (!counts.workers) return { status: 'down', kind: services.jobs.kind, detail: 'no worker is running', counts };
    return { status: 'ok', kind: services.jobs.kind, counts };
  } catch (e) {
    return { status: 'down', kind: services.jobs.kind, detail: (e as Error).message };
  }
}

/**
 * The read replicas: how many are in rotation, and each one's lag (null: unknown, it does not
 * answer). Never a reason to call the node unhealthy: without them the primary takes their reads.
 */
function replicasCheck(services: Services) {
  const replicas = services.reads.replicas;
  if (!replicas) return { status: 'off' as const };
  const states = replicas.states();
  const inRotation = states.filter((s) => s.healthy).length;
  return {
    status: 'ok' as const,
    kind: 'postgres',
    inRotation,
    of: states.length,
    lagMs: states.map((s) => (Number.isFinite(s.lagMs) ? s.lagMs : null)),
    ...(inRotation === 0 ? { detail: 'no replica in rotation: every read on the primary' } : {}),
  };
}

/** Each part a node depends on, checked together: the node is healthy while none is down. */
export async function healthReport(services: Services) {
  const [database, redis, mail, platform, queue] = await Promise.all([
    check(() => services.db.execute(sql`select 1`), services.database.kind),
    services.redis ? check(() => services.redis!.ping(), 'redis') : Promise.resolve<Check>({ status: 'off', kind: 'in-process' }),
    check(async () => {
      if (!(await services.mailer.verify())) throw new Error('mail server refused');
    }, services.mailer.kind),
    check(() => services.platform.status(), services.directory ? 'built-in' : 'http'),
    queueCheck(services),
  ]);
  const healthy = [database, redis, mail, platform, queue].every((c) => c.status !== 'down');
  return { healthy, checks: { database, redis, mail, platform, queue, replicas: replicasCheck(services) } };
}
