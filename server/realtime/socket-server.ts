import type http from 'node:http';
import type { IncomingMessage } from 'node:http';
import { Server, type Socket } from 'socket.io';
import type { RedisClient } from '@server/infra/redis';
import type { SocketAdapterLink } from './adapter';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { parseRoom, type CaseViewer, type ClientToServerEvents, type JoinResult, type RoomEvent, type ServerToClientEvents, EVENTS_PER_FRAME } from '@shared/socket';
import { LIMITS } from '@shared/limits';
import { roomJoinRequest, roomLeaveRequest } from '@shared/schemas/realtime';
import { safeParseInput } from '@shared/schemas/safe-parse-input';
import type { z } from 'zod';
import type { Db } from '@server/db/client';
import type { Logger } from '@server/infra/logger';
import type { RateLimiter } from '@server/infra/rate-limits';
import { addressKey } from '@server/infra/address-key';
import { eventsAfter, lastSeqOf, type Finalizers, type RecordedEvent } from '../db/outbox';
import { mayJoin, type SocketIdentity } from './authorize';
import { distinctViewers, staffRoomOfCase, viewerOf } from './presence';
import { createRelay } from './relay';
import { createRoomPacer } from './room-pacer';
import { createReplayReader } from './replay-reader';
import { listenForControl, publishingControl, type SessionControl } from './session-control';
import { createSocketCounter, spentFor, waitBeforeNext } from './address-limits';

interface SocketData {
  token?: string;
  /** What the per-address limits count this socket's client by (`addressKey` of its address through TRUST_PROXY). */
  address: string;
  /** The signed-in user at the handshake, if any. */
  userId?: number;
  /** Set while this staff socket is on case pages: what the other staff see of it. */
  viewer?: CaseViewer;
}

export type IoServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type IoSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** A client's payload read with its schema (`safeParseInput`), or null. */
const readPayload = <T>(schema: z.ZodType<T>, sent: unknown): T | null => {
  const parsed = safeParseInput(schema, sent);
  return parsed.success ? parsed.data : null;
};

/** The room a join answer names: what the client sent when it is a name at all, else ''. */
const roomNameOf = (sent: unknown): string => {
  const room = (sent as { room?: unknown } | null)?.room;
  return typeof room === 'string' && room.length <= LIMITS.roomNameMax ? room : '';
};

export interface RealtimeDeps {
  db: Db;
  log: Logger;
  redis?: RedisClient;
  /** How this node reaches the others' sockets (`connectSocketAdapter`); closed with the server. */
  adapter?: SocketAdapterLink;
  /** REDIS_PREFIX: sites sharing one Redis must not receive each other's session commands. */
  redisPrefix?: string;
  /** The client's address of a handshake request, by the rule HTTP requests follow (`clientAddress`, server/infra/trust-proxy.ts). */
  clientAddress(req: IncomingMessage): string;
  /** The per-address limits of joins and of replayed events (`RATE_LIMITS`: shared in Redis when it is configured). */
  limits: { roomJoins: RateLimiter; replayedEvents: RateLimiter };
  /** Resolves a handshake token to the user as stored now (privileges re-read on every join). */
  identify(token: string | undefined): Promise<SocketIdentity | null>;
  corsOrigin: (origin: string | undefined, cb: (err: Error | null, allow?: boolean) => void) => void;
  /** Payloads completed when a site-wide event is numbered (the open-case count). */
  finalizers?: Finalizers;
  /**
   * Drops the read cache's answers about the rooms whose events the relay just numbered, before
   * they are sent: an answer that tells a site-wide room's sequence (the ban-list feed's head) was
   * read after its writer's eviction yet before the numbering.
   */
  evictNumbered?: (rooms: string[]) => Promise<void>;
}

export interface Realtime {
  io: IoServer;
  publish(events: RecordedEvent[]): void;
  /** Ends or re-checks a user's sockets on every node. */
  sessions: SessionControl;
  /** Every client of this node is told to reconnect (to another node, behind a balancer). */
  handOff(): void;
  /** Resolves once the relay published what was pending and no crowded room holds events back. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** The server-only room of one user's sockets (clients cannot join it: it does not parse as a room). */
const socketsOfUser = (userId: number) => `uid:${userId}`;

export function createRealtime(httpServer: http.Server, deps: RealtimeDeps): Realtime {
  const io: IoServer = new Server(httpServer, {
    path: '/socket.io',
    transports: ['websocket', 'polling'],
    cors: { origin: deps.corsOrigin, credentials: false },
    pingInterval: 15_000,
    pingTimeout: 30_000,
    serveClient: false,
  });
  if (deps.adapter) io.adapter(deps.adapter.factory);
  const readReplay = createReplayReader({ lastSeq: (room) => lastSeqOf(deps.db, room), eventsAfter: (room, after, limit) => eventsAfter(deps.db, room, after, limit) });
  const joins = new RateLimiterMemory({ points: LIMITS.roomJoinsPerWindow, duration: LIMITS.roomJoinWindowS });
  const openSockets = createSocketCounter(LIMITS.socketsPerAddressMax);
  const refusal = (code: 'user.tokenExpired' | 'request.rateLimited') => Object.assign(new Error(code), { data: { code } });

  // A bad token is refused at the handshake; no token means a visitor (read-only rooms).
  io.use(async (socket, next) => {
    const address = addressKey(deps.clientAddress(socket.request));
    const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : undefined;
    const who = token ? await deps.identify(token) : null;
    if (token && !who) return next(refusal('user.tokenExpired'));
    if (!openSockets.take(socket, address)) return next(refusal('request.rateLimited'));
    socket.data.address = address;
    socket.data.token = token;
    socket.data.userId = who?.userId;
    next();
  });

  /** Tells the staff on a case page who of them is there; `fetchSockets` asks every node through the adapter. */
  const announceViewers = async (room: string) => {
    try {
      const staffRoom = staffRoomOfCase(room);
      const sockets = await io.in(staffRoom).fetchSockets();
      io.to(staffRoom).emit('case:viewers', { room, viewers: distinctViewers(sockets.map((s) => s.data.viewer)) });
    } catch (e) {
      deps.log.warn({ err: e, room }, 'presence update failed');
    }
  };

  /** A join's points: the socket's own, then its address's (every socket and node together); the wait when one is spent. */
  async function joinWait(socket: IoSocket): Promise<number | null> {
    try {
      await joins.consume(socket.id);
    } catch (e) {
      return Math.max(1, (e as { msBeforeNext?: number }).msBeforeNext ?? 1000);
    }
    return waitBeforeNext(deps.limits.roomJoins, socket.data.address);
  }

  async function join(socket: IoSocket, sent: unknown): Promise<JoinResult> {
    const room = roomNameOf(sent);
    const wait = await joinWait(socket);
    if (wait !== null) return { ok: false, room, code: 'room.rateLimited', retryAfterMs: wait };
    const req = readPayload(roomJoinRequest, sent);
    if (!req) return { ok: false, room, code: 'room.bad' };
    const who = await deps.identify(socket.data.token);
    const verdict = mayJoin(room, who);
    if (verdict !== 'ok') return { ok: false, room, code: verdict };
    if (req.lastSeq !== undefined) {
      const spent = await spentFor(deps.limits.replayedEvents, socket.data.address);
      if (spent !== null) return { ok: false, room, code: 'room.rateLimited', retryAfterMs: spent };
    }
    const wasIn = socket.rooms.has(room);
    await socket.join(room);
    const result = await replay(socket, room, req.lastSeq ?? null);
    // Refused for its replay: a socket that was not in the room before leaves it again (the client tries later).
    if (!result.ok) {
      if (!wasIn) await socket.leave(room);
      return result;
    }
    const viewer = viewerOf(room, who);
    if (viewer) {
      socket.data.viewer = viewer;
      await socket.join(staffRoomOfCase(room));
      void announceViewers(room);
    }
    return result;
  }

  /** What a joined socket missed since `since`, sent to it within its address's budget of replayed events. */
  async function replay(socket: IoSocket, room: string, since: number | null): Promise<JoinResult> {
    // Join first, then read: an event committed meanwhile arrives live or in the replay (the client drops duplicates by seq).
    const { current, missed } = await readReplay(room, since ?? Infinity);
    if (since === null || since >= current) return { ok: true, room, lastSeq: current, replayed: 0 };
    // Too far behind, or purged history leaves a hole: never replay across it, refetch instead.
    if (missed[0]?.seq !== since + 1) {
      socket.emit('room:refetch', { room, lastSeq: current });
      return { ok: true, room, lastSeq: current, replayed: 0, refetch: true };
    }
    const wait = await waitBeforeNext(deps.limits.replayedEvents, socket.data.address, missed.length);
    if (wait !== null) return { ok: false, room, code: 'room.rateLimited', retryAfterMs: wait };
    for (let i = 0; i < missed.length; i += EVENTS_PER_FRAME) socket.emit('room:events', missed.slice(i, i + EVENTS_PER_FRAME));
    return { ok: true, room, lastSeq: missed.at(-1)?.seq ?? current, replayed: missed.length };
  }

  io.on('connection', (socket: IoSocket) => {
    if (socket.data.userId !== undefined) void socket.join(socketsOfUser(socket.data.userId));
    let presentIn: string[] = [];
    socket.on('disconnecting', () => {
      presentIn = [...socket.rooms].filter((r) => r.endsWith(':staff')).map((r) => r.slice(0, -':staff'.length));
    });
    socket.on('disconnect', () => {
      for (const room of presentIn) void announceViewers(room);
      void joins.delete(socket.id);
    });
    // The acknowledgement is the last argument Socket.IO passes, even when a client sent extra ones.
    socket.on('room:join', async (req, ...rest: unknown[]) => {
      const ack = rest.at(-1);
      const reply = typeof ack === 'function' ? (ack as (res: JoinResult) => void) : () => undefined;
      try {
        reply(await join(socket, req));
      } catch (e) {
        deps.log.error({ err: e, room: roomNameOf(req) }, 'room join failed');
        reply({ ok: false, room: roomNameOf(req), code: 'room.bad' });
      }
    });
    socket.on('room:leave', async (sent, ...rest: unknown[]) => {
      const ack = rest.at(-1);
      const req = readPayload(roomLeaveRequest, sent);
      // Only rooms a client may ask for: the server's own (uid:<id>, the socket's id) end sessions and reach sockets.
      if (req && parseRoom(req.room)) {
        const { room } = req;
        await socket.leave(room);
        if (socket.rooms.has(staffRoomOfCase(room))) {
          await socket.leave(staffRoomOfCase(room));
          void announceViewers(room);
        }
      }
      if (typeof ack === 'function') (ack as (res: { ok: boolean }) => void)({ ok: true });
    });
  });

  /** This node's share of the work: the sockets of the user connected here. */
  const local: SessionControl = {
    async end(userId, revoked) {
      const own = io.local.in(socketsOfUser(userId));
      if (revoked) for (const socket of await own.fetchSockets()) if (socket.rooms.has(revoked.room)) socket.emit('room:event', revoked);
      own.disconnectSockets(true);
    },
    async recheck(userId) {
      for (const socket of await io.local.in(socketsOfUser(userId)).fetchSockets()) {
        const who = await deps.identify(socket.data.token);
        if (!who) {
          socket.disconnect(true);
          continue;
        }
        for (const room of socket.rooms) {
          const caseRoom = room.endsWith(':staff') ? room.slice(0, -':staff'.length) : null;
          if (caseRoom ? !viewerOf(caseRoom, who) : parseRoom(room) && mayJoin(room, who) !== 'ok') socket.leave(room);
        }
      }
    },
  };
  let stopListening: (() => void) | undefined;
  const sessions = deps.redis ? publishingControl(deps.redis, deps.redisPrefix ?? '') : local;
  const ready = deps.redis
    ? listenForControl(deps.redis, deps.redisPrefix ?? '', local, deps.log)
        .then((stop) => void (stopListening = stop))
        .catch((err: unknown) => deps.log.error({ err }, 'session control channel unavailable'))
    : Promise.resolve();

  /** A room's events, in sequence, in frames of at most `EVENTS_PER_FRAME`. */
  const pacer = createRoomPacer((room, list) => {
    if (list.length === 1) io.to(room).emit('room:event', list[0]!);
    else for (let i = 0; i < list.length; i += EVENTS_PER_FRAME) io.to(room).emit('room:events', list.slice(i, i + EVENTS_PER_FRAME));
  });
  /** Numbered events: each room gets its own together, in order (paced: `createRoomPacer`). */
  const emit = (events: RoomEvent[]) => {
    pacer.send(events);
    for (const ev of events) {
      if (ev.name === 'session.revoked') void sessions.end(ev.payload.userId, ev).catch((err: unknown) => deps.log.warn({ err }, 'ending sockets failed'));
    }
  };
  /** The relay's batches, each sent once its rooms' kept answers are dropped, in the order numbered. */
  let relayed: Promise<void> = Promise.resolve();
  const emitNumbered = (events: RoomEvent[]) => {
    const evict = deps.evictNumbered;
    if (!evict) return emit(events);
    relayed = relayed
      .then(() => evict([...new Set(events.map((e) => e.room))]))
      .catch((err: unknown) => deps.log.warn({ err }, 'dropping answers of numbered rooms failed; they end by time'))
      .then(() => emit(events));
  };
  const relay = createRelay(deps.db, emitNumbered, deps.log, deps.finalizers);
  /** The fan-out scheduled last (publish defers it to the next turn of the loop), and the events it will send. */
  let lastFanOut: Promise<void> = Promise.resolve();
  let waiting: RecordedEvent[] = [];
  let fanOutScheduled = false;
  let closing = false;

  return {
    io,
    sessions: {
      end: async (userId, revoked) => {
        await ready;
        await sessions.end(userId, revoked);
      },
      recheck: async (userId) => {
        await ready;
        await sessions.recheck(userId);
      },
    },
    publish(events) {
      // Fanning out to thousands of sockets writes to each of them: done on the next turn of the
      // loop, after the request's answer is on its way, so a reply's response time does not grow
      // with the room's size. What commits before that turn goes out with it, each room's events in
      // one frame: a frame costs one write per socket whatever it holds, so writes whose commits
      // complete in the same turn reach a crowded room in one write instead of one each (and a
      // crowded room's burst in a few: the pacer).
      for (const ev of events) waiting.push(ev);
      if (fanOutScheduled) return;
      fanOutScheduled = true;
      lastFanOut = new Promise<void>((resolve) =>
        setImmediate(() => {
          fanOutScheduled = false;
          const batch = waiting;
          waiting = [];
          // Closing: the sockets are going and the Redis connections may be gone; the events are
          // in the database, and clients replay them from their next node.
          if (closing) return resolve();
          const numbered = batch.filter((ev): ev is RoomEvent => ev.seq !== null);
          emit(numbered);
          if (numbered.length < batch.length) relay.nudge();
          resolve();
        }),
      );
    },
    handOff() {
      io.local.disconnectSockets(true);
    },
    settled: async () => {
      await lastFanOut;
      await relay.idle();
      await relayed;
      await pacer.idle();
    },
    async close() {
      await lastFanOut;
      pacer.stop();
      closing = true;
      await relay.stop();
      stopListening?.();
      io.disconnectSockets(true);
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await deps.adapter?.close();
    },
  };
}
