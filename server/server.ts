import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from './config';
import { createServices, type ServiceOverrides, type Services } from './services';
import { createApp } from './app';
import { createRealtime, type Realtime } from './realtime/socket-server';
import { corsPolicy } from './http/cors';
import { answerClientErrors } from './http/client-error';
import { resolveToken } from '@server/modules/auth/authenticate';
import { registerJobs } from './jobs/register';
import { openCaseCount } from './modules/notifications/open-cases';
import { seedSiteDocuments } from './seed/site-documents';
import { roomOf } from '@shared/socket';
import { connectSocketAdapter } from './realtime/adapter';
import { clientAddress, trustFunction } from './infra/trust-proxy';

export interface RunningServer {
  services: Services;
  app: ReturnType<typeof createApp>;
  http: http.Server;
  realtime: Realtime;
  url: string;
  /** Stops at once (tests): open connections are cut. */
  close(): Promise<void>;
  /**
   * A clean stop (SIGTERM): no new connections, requests in flight finish, sockets are told to
   * reconnect (to another node), jobs drain, pools close — within `graceMs`, after which what is
   * left is cut.
   */
  shutdown(graceMs?: number): Promise<void>;
}

/**
 * Connections the kernel may hold for us before we accept them (it caps this at net.core.somaxconn).
 * Node's default, 511, overflows when thousands of clients of a node that died reconnect at once:
 * the dropped ones retry their SYN only after 1, 3, 7, 15 s, which made the reconnect storm (S7) last.
 */
export const LISTEN_BACKLOG = 4096;

/** Boot order: config -> db (migrations) -> app -> http + io -> jobs -> listen. */
export async function startServer(config: Config, overrides: ServiceOverrides = {}): Promise<RunningServer> {
  const services = await createServices(config, overrides);
  // Every site has its rules and bulletin, production included; before it serves, so no reader finds them missing.
  const seeded = await seedSiteDocuments(services.db);
  if (seeded.length) services.log.info({ seeded }, 'site documents seeded');
  const app = createApp(services);
  const server = http.createServer(app);
  answerClientErrors(server);
  const cors = corsPolicy(config.cors);
  const trust = trustFunction(config.trustProxy);
  const realtime = createRealtime(server, {
    db: services.db,
    log: services.log,
    redis: services.redis,
    adapter: services.redis ? await connectSocketAdapter({ kind: config.socketAdapter, redis: services.redis, target: config, prefix: config.redisPrefix }) : undefined,
    redisPrefix: config.redisPrefix,
    corsOrigin: cors.socketOrigin,
    clientAddress: (req) => clientAddress(req, trust),
    limits: services.rateLimiters,
    async identify(token) {
      if (!token) return null;
      const result = await resolveToken(services, token);
      return 'user' in result ? { userId: result.user.id, privileges: result.user.privileges, username: result.user.row.username } : null;
    },
    finalizers: { 'cases.open': openCaseCount },
    // Only the feed's answers tell its sequence; the others of site-wide rooms were dropped at the writer's commit.
    evictNumbered: (rooms) => services.readCache.evict(rooms.filter((room) => room === roomOf.caseFeed)),
  });
  const evictCached = services.publish;
  // Other nodes hear the eviction before the event: a page that reads again on hearing it gets the new answer.
  services.publish = async (events) => {
    await evictCached(events);
    realtime.publish(events);
  };
  services.sessions = realtime.sessions;
  await registerJobs(services);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG }, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
  let closing: Promise<void> | undefined;
  const stop = (graceful: boolean, graceMs: number) =>
    (closing ??= (async () => {
      if (graceful) {
        const drained = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        realtime.handOff();
        const deadline = new Promise<void>((resolve) => setTimeout(resolve, graceMs).unref());
        await Promise.race([drained, deadline]);
      }
      server.closeAllConnections();
      await realtime.close();
      await services.close();
    })());
  return {
    services,
    app,
    http: server,
    realtime,
    url,
    close: () => stop(false, 0),
    shutdown: (graceMs = 8_000) => stop(true, graceMs),
  };
}
