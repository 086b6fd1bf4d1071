/**
 * One Socket.IO node of the adapter bench (bench/adapters.ts): the site's adapter
 * (`connectSocketAdapter`) and nothing else, driven over IPC. Sockets join the room they name.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { connectRedis } from '@server/infra/redis';
import { connectSocketAdapter } from '@server/realtime/adapter';
import type { SocketAdapterKind } from '@server/realtime/adapter-kinds';

type Command = { op: 'emit'; room: string; seq: number } | { op: 'cpu' } | { op: 'count'; room: string } | { op: 'stop' };

const target = { redisUrl: process.env.REDIS_URL };
const redis = connectRedis(target)!;
const link = await connectSocketAdapter({ kind: process.env.KIND as SocketAdapterKind, redis, target, prefix: process.env.PREFIX! });
const server = http.createServer();
const io = new Server(server, { adapter: link.factory, transports: ['websocket'] });
io.on('connection', (s) => {
  const room = s.handshake.query.room;
  if (typeof room === 'string') void s.join(room);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

process.on('message', async (c: Command) => {
  if (c.op === 'emit') io.to(c.room).emit('ev', { room: c.room, seq: c.seq, t: Date.now() });
  else if (c.op === 'cpu') process.send!({ cpu: process.cpuUsage() });
  else if (c.op === 'count') {
    const started = performance.now();
    const n = await io
      .in(c.room)
      .fetchSockets()
      .then((s) => s.length)
      .catch(() => -1);
    process.send!({ count: n, ms: performance.now() - started });
  } else if (c.op === 'stop') {
    io.close();
    await link.close();
    redis.disconnect();
    process.exit(0);
  }
});
process.send!({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
