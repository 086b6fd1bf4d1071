import { io, type Socket } from 'socket.io-client';
import type { Actors, RoleName } from './actors';
import type { SocketCase } from './socket-cases';

const JOIN_CODES = ['room.bad', 'room.forbidden', 'room.rateLimited'];
const ACK_MS = 5_000;

/** Connects a websocket client, with this handshake `auth`; resolves with it or with the refusal's message. */
export function connect(url: string, auth: unknown): Promise<{ socket: Socket } | { refused: string; data: unknown }> {
  const socket = io(url, { path: '/socket.io', transports: ['websocket'], auth: auth as Record<string, unknown>, reconnection: false, forceNew: true, timeout: 10_000 });
  return new Promise((resolve) => {
    socket.once('connect', () => resolve({ socket }));
    socket.once('connect_error', (err: Error & { data?: unknown }) => {
      socket.disconnect();
      resolve({ refused: err.message, data: err.data });
    });
  });
}

/** One open socket per role, made again when the server ended one (as it may for a broken packet). */
export class SocketPool {
  private sockets = new Map<RoleName, Socket>();
  /** Why the last socket that ended did (for failure messages). */
  lastReason = '';
  constructor(
    private readonly url: string,
    private readonly actors: Actors,
  ) {}

  async get(role: RoleName): Promise<Socket> {
    const open = this.sockets.get(role);
    if (open?.connected) return open;
    open?.disconnect();
    const token = this.actors.tokenOf(role);
    const made = await connect(this.url, token ? { token } : {});
    if (!('socket' in made)) throw new Error(`the ${role} socket was refused: ${made.refused}`);
    this.sockets.set(role, made.socket);
    made.socket.on('disconnect', (reason) => void (this.lastReason = `${role}: ${reason}`));
    return made.socket;
  }

  /** Ends the role's socket: the next case opens a fresh one. */
  drop(role: RoleName) {
    this.sockets.get(role)?.disconnect();
    this.sockets.delete(role);
  }

  close() {
    for (const s of this.sockets.values()) s.disconnect();
    this.sockets.clear();
  }
}

/** What is wrong with an acknowledgement of one of the server's own events. */
export function judgeAck(event: string, reply: unknown): string | null {
  const r = reply as { ok?: unknown; room?: unknown; code?: unknown } | null;
  if (!r || typeof r !== 'object' || typeof r.ok !== 'boolean') return `${event} acknowledged with ${JSON.stringify(reply)?.slice(0, 200)}`;
  if (event === 'room:leave') return r.ok ? null : `room:leave acknowledged ok=false`;
  if (typeof r.room !== 'string') return `room:join acknowledged without its room: ${JSON.stringify(reply).slice(0, 200)}`;
  if (!r.ok && !JOIN_CODES.includes(String(r.code))) return `room:join refused with code ${String(r.code)}`;
  return null;
}

const withTimeout = <T>(p: Promise<T>, ms: number, what: string) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(what)), ms).unref())]);

/** A round trip on the socket (a leave of a room it is not in): the server still answers it. */
async function probe(socket: Socket): Promise<boolean> {
  if (!socket.connected) return false;
  try {
    await withTimeout(socket.emitWithAck('room:leave', { room: 'probe' }), ACK_MS, 'probe');
    return true;
  } catch {
    return false;
  }
}

/** Sends one case on the role's socket; what went wrong, or null. */
export async function runSocketCase(pool: SocketPool, c: SocketCase): Promise<string | null> {
  const socket = await pool.get(c.role);
  if (c.raw !== undefined) {
    (socket.io.engine as unknown as { send(msg: string): void }).send(c.raw);
  } else if (c.ack) {
    let reply: unknown;
    try {
      reply = await withTimeout(socket.emitWithAck(c.event, ...c.args), ACK_MS, 'no acknowledgement');
    } catch (e) {
      return `${c.event}: ${(e as Error).message} within ${ACK_MS} ms (last disconnect: ${pool.lastReason || 'none'})`;
    }
    const wrong = judgeAck(c.event, reply);
    if (wrong) return wrong;
  } else {
    socket.emit(c.event, ...c.args);
  }
  const alive = await probe(socket);
  if (!alive && !c.mayDisconnect) return `the server ended the ${c.role} connection after ${c.kind} ${c.event}`;
  // A raw packet may have left the connection half closed (a namespace DISCONNECT, say): start the next case afresh.
  if (c.mayDisconnect) pool.drop(c.role);
  return null;
}
