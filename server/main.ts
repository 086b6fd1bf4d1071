import { loadConfig } from './config';
import { startServer } from './server';
import { seedDemo } from './seed/demo';

const config = loadConfig();
const server = await startServer(config);
const log = server.services.log;
if (config.seedDemo) {
  const seeded = await seedDemo(server.services);
  if (seeded) {
    log.info('demo data seeded');
    console.log(`\nDemo accounts (password: ${seeded.password}${seeded.passwordFromEnv ? ', from DEMO_PASSWORD' : ', shown only this once'}):`);
    for (const u of seeded.users) console.log(`  ${u.username.padEnd(16)} ${u.privileges.join(', ')}`);
    console.log(`and ${seeded.cases} demo cases in every status and game.`);
  }
}
console.log(`\nTribunal is running at ${config.publicUrl === `http://localhost:${config.port}` ? server.url : config.publicUrl}`);
console.log(`  database: ${server.services.database.kind}${config.databaseUrl ? '' : ` (${config.dataDir}/pg)`}, realtime: ${server.services.redis ? `${config.socketAdapter} adapter on ${config.redisClusterNodes ? 'a Redis Cluster' : 'Redis'}` : 'in-process'}${config.replicas.urls.length ? `, read replicas: ${config.replicas.urls.length}` : ''}${config.s3 ? ', files: S3' : ''}, mail: ${server.services.mailer.kind}, API docs: /api/docs\n`);

/**
 * pm2 (`wait_ready`) holds a rolling restart until the new node says it is ready: say so once its
 * own /api/health is green (database, Redis, mail, platform, queue), so a node that cannot serve
 * never replaces one that can.
 */
if (process.send) {
  void (async () => {
    for (let attempt = 0; attempt < 60; attempt++) {
      const res = await fetch(`${server.url}/api/health`).catch(() => null);
      if (res?.ok) return void process.send!('ready');
      await new Promise((r) => setTimeout(r, 500));
    }
    log.error('not healthy after 30 s; pm2 will not count this node as ready');
  })();
}

/** A stop signal gets 10 s: requests in flight finish, sockets move to another node, jobs drain. */
const SHUTDOWN_LIMIT_MS = 10_000;
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    setTimeout(() => {
      log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    try {
      await server.shutdown(SHUTDOWN_LIMIT_MS - 2_000);
      log.info('stopped');
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  });
}
