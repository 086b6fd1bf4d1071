import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';

/**
 * The baseline: a bare Socket.IO server on plain Node HTTP. POST /reply with JSON events (`events`,
 * or one `event`) answers 200 at once and emits them to the room (or to `rooms`) in one frame, as
 * Tribunal does and as cheaply as Socket.IO allows; no database, no token.
 */
export async function startBareServer(): Promise<{ url: string; clients(): number; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/reply') return void res.writeHead(404).end();
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const frame = JSON.parse(body) as { room: string; rooms?: string[]; events?: unknown[]; event?: unknown };
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":1}');
      setImmediate(() => {
        // As Tribunal sends them: the events of one write in one frame.
        const events = frame.events ?? [frame.event];
        if (events.length > 1) io.to(frame.rooms ?? frame.room).emit('room:events', events);
        else io.to(frame.rooms ?? frame.room).emit('room:event', events[0]);
      });
    });
  });
  const io = new Server(server, { transports: ['websocket'], serveClient: false });
  io.on('connection', (socket) => {
    socket.on('join', (room: string, ack: () => void) => {
      void socket.join(room);
      ack();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    clients: () => io.engine.clientsCount,
    close: () => new Promise((resolve) => io.close(() => resolve())),
  };
}
