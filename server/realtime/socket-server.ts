import type http from 'node:http';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import { REPLAY_LIMIT, type CaseViewer, type ClientToServerEvents, type RoomEvent, type ServerToClientEvents } from '@shared/socket';
import type { Db } from '@server/db/client';
import type { Logger } from '@server/infra/logger';
import { eventsAfter, lastSeqOf } from './outbox';
import { mayJoin, type SocketIdentity } from './authorize';
import { distinctViewers, staffRoomOfCase, viewerOf } from './presence';

interface SocketData {
  token?: string;
  /** Set while this staff socket is on case pages: what the other staff see of it. */
  viewer?: CaseViewer;
}

export type IoServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type IoSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export interface RealtimeDeps {
  db: Db;
  log: Logger;
  redis?: Redis;
  /** REDIS_PREFIX: sites sharing one Redis must not receive each other's room events. */
  redisPrefix?: string;
  /** Resolves a handshake token to the user as stored now (privileges re-read on every join). */
  identify(token: string | undefined): Promise<SocketIdentity | null>;
  corsOrigin: (origin: string | undefined, cb: (err: Error | null, allow?: boolean) => void) => void;
}

export interface Realtime {
  io: IoServer;
  publish(events: RoomEvent[]): void;
  close(): Promise<void>;
}

export function createRealtime(httpServer: http.Server, deps: RealtimeDeps): Realtime {
  const io: IoServer = new Server(httpServer, {
    path: '/socket.io',
    transports: ['websocket', 'polling'],
    cors: { origin: deps.corsOrigin, credentials: true },
    pingInterval: 15_000,
    pingTimeout: 30_000,
    serveClient: false,
  });
  let sub: Redis | undefined;
  if (deps.redis) {
    sub = deps.redis.duplicate();
    io.adapter(createAdapter(deps.redis, sub, { key: `${deps.redisPrefix ?? ''}socket.io` }));
  }

  // A bad token is refused at the handshake; no token means a visitor (read-only rooms).
  io.use(async (socket, next) => {
    const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : undefined;
    if (token && !(await deps.identify(token))) return next(Object.assign(new Error('user.tokenExpired'), { data: { code: 'user.tokenExpired' } }));
    socket.data.token = token;
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

  io.on('connection', (socket: IoSocket) => {
    let presentIn: string[] = [];
    socket.on('disconnecting', () => {
      presentIn = [...socket.rooms].filter((r) => r.endsWith(':staff')).map((r) => r.slice(0, -':staff'.length));
    });
    socket.on('disconnect', () => {
      for (const room of presentIn) void announceViewers(room);
    });
    socket.on('room:join', async (req, ack) => {
      const reply = typeof ack === 'function' ? ack : () => undefined;
      const room = typeof req?.room === 'string' ? req.room : '';
      try {
        const who = await deps.identify(socket.data.token);
        const verdict = mayJoin(room, who);
        if (verdict !== 'ok') return reply({ ok: false, room, code: verdict });
        await socket.join(room);
        const viewer = viewerOf(room, who);
        if (viewer) {
          socket.data.viewer = viewer;
          await socket.join(staffRoomOfCase(room));
          void announceViewers(room);
        }
        // Join first, then read: an event committed meanwhile arrives live or in the replay (the client drops duplicates by seq).
        const current = await lastSeqOf(deps.db, room);
        const since = typeof req.lastSeq === 'number' && req.lastSeq >= 0 ? req.lastSeq : null;
        if (since === null || since >= current) return reply({ ok: true, room, lastSeq: current, replayed: 0 });
        if (current - since > REPLAY_LIMIT) {
          socket.emit('room:refetch', { room, lastSeq: current });
          return reply({ ok: true, room, lastSeq: current, replayed: 0, refetch: true });
        }
        const missed = await eventsAfter(deps.db, room, since, REPLAY_LIMIT);
        // Purged history leaves a hole: never replay across it, refetch instead.
        if (missed[0]?.seq !== since + 1) {
          socket.emit('room:refetch', { room, lastSeq: current });
          return reply({ ok: true, room, lastSeq: current, replayed: 0, refetch: true });
        }
        for (const ev of missed) socket.emit('room:event', ev);
        reply({ ok: true, room, lastSeq: missed.at(-1)?.seq ?? current, replayed: missed.length });
      } catch (e) {
        deps.log.error({ err: e, room }, 'room join failed');
        reply({ ok: false, room, code: 'room.bad' });
      }
    });
    socket.on('room:leave', async (req, ack) => {
      if (typeof req?.room === 'string') {
        await socket.leave(req.room);
        if (socket.rooms.has(staffRoomOfCase(req.room))) {
          await socket.leave(staffRoomOfCase(req.room));
          void announceViewers(req.room);
        }
      }
      if (typeof ack === 'function') ack({ ok: true });
    });
  });

  return {
    io,
    publish(events) {
      for (const ev of events) io.to(ev.room).emit('room:event', ev);
    },
    async close() {
      io.disconnectSockets(true);
      await new Promise<void>((resolve) => io.close(() => resolve()));
      sub?.disconnect();
    },
  };
}
