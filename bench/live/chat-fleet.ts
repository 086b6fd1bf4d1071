/**
 * S4's people in their own process: one signed-in socket per account in its own `user:<id>` room
 * (Tribunal: token + `room:join`; bare: `join`), noting when each marked message reaches its
 * recipient (the sender's own socket gets it too, and is not counted).
 */
import { io, type Socket } from 'socket.io-client';
import { ownAddress } from './client-address';

const [url, kind] = process.argv.slice(2) as [string, 'tribunal' | 'bare'];
const now = () => performance.timeOrigin + performance.now();
const MARK = /bench-mark-(\d+)-/;

/** [marker, arrival time] at the recipient. */
const arrivals: Array<[number, number]> = [];
const sockets: Socket[] = [];

async function connectOne(account: { id: number; token: string }): Promise<void> {
  const socket = io(url, { transports: ['websocket'], reconnection: false, forceNew: true, extraHeaders: ownAddress(), auth: kind === 'tribunal' ? { token: account.token } : {} });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  type Event = { name: string; payload: { message?: { toUserId: number | null; content: string } } };
  const take = (e: Event) => {
    const t = now();
    const m = e.name === 'message.new' && e.payload.message!.toUserId === account.id ? MARK.exec(e.payload.message!.content) : null;
    if (m) arrivals.push([Number(m[1]), t]);
  };
  socket.on('room:event', take);
  socket.on('room:events', (es: Event[]) => es.forEach(take));
  const room = `user:${account.id}`;
  if (kind === 'tribunal') {
    const res = await new Promise<{ ok: boolean }>((resolve) => socket.emit('room:join', { room }, resolve));
    if (!res.ok) throw new Error(`join refused: ${JSON.stringify(res)}`);
  } else await new Promise<void>((resolve) => socket.emit('join', room, () => resolve()));
}

process.on('message', async (msg: { type: 'connect'; accounts: Array<{ id: number; token: string }> } | { type: 'report' } | { type: 'stop' }) => {
  if (msg.type === 'connect') {
    // In small waves: thousands of handshakes at once only measure the accept queue.
    for (let i = 0; i < msg.accounts.length; i += 50) await Promise.all(msg.accounts.slice(i, i + 50).map(connectOne));
    process.send!({ type: 'ready' });
  }
  if (msg.type === 'report') process.send!({ type: 'report', arrivals });
  if (msg.type === 'stop') {
    for (const s of sockets) s.disconnect();
    setTimeout(() => process.exit(0), 100);
  }
});
process.send!({ type: 'started' });
