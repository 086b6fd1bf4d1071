/**
 * S7's client fleet (its own process): `count` clients of the site's own realtime client
 * (client/realtime/RealtimeClient) join one room on node A. When A dies, each client's Socket.IO
 * manager is pointed at node B, as a balancer would route the reconnect, and the client re-joins
 * with its last sequence by itself. Every client checks that the events it is given run on
 * without a hole; the fleet reports when each was back and where each stands.
 */
import { io } from 'socket.io-client';
import { ownAddress } from './client-address';
import type { RoomEvent } from '@shared/socket';
import { RealtimeClient } from '../../client/realtime/RealtimeClient';

const [urlA, urlB, room, countArg] = process.argv.slice(2) as [string, string, string, string];
const count = Number(countArg);
const now = () => performance.timeOrigin + performance.now();

export interface StormClientReport {
  /** The room's sequence at the first join (on A). */
  joinedAt: number;
  /** The last sequence passed on to the page. */
  lastSeq: number;
  events: number;
  /** Sequence numbers skipped between two events passed on (must stay 0). */
  skipped: number;
  refetches: number;
  /** When the connection to A dropped, and when the re-join on B was answered (ms, shared clock). */
  downAt: number | null;
  backAt: number | null;
  /** When the handshake with B succeeded (before the re-join). */
  connectedAt: number | null;
  /** Socket.IO's reconnect attempts (each after its back-off wait). */
  attempts: number;
}

const reports: StormClientReport[] = [];

function startClient(): Promise<void> {
  const r: StormClientReport = { joinedAt: NaN, lastSeq: NaN, events: 0, skipped: 0, refetches: 0, downAt: null, backAt: null, connectedAt: null, attempts: 0 };
  reports.push(r);
  const client = new RealtimeClient({
    // forceNew: every client its own connection, as every browser tab has.
    openSocket: (opts) => {
      const socket = io(urlA, { ...opts, forceNew: true, extraHeaders: ownAddress() });
      socket.on('disconnect', () => {
        r.downAt ??= now();
        // The manager's next handshake goes where this field says (socket.io-client keeps it private).
        (socket.io as unknown as { uri: string }).uri = urlB;
      });
      socket.io.on('reconnect_attempt', () => r.attempts++);
      socket.io.on('reconnect', () => (r.connectedAt ??= now()));
      return socket;
    },
  });
  return new Promise((resolve) => {
    client.join(room, {
      onJoin(result) {
        if (!result.ok) return;
        if (Number.isNaN(r.joinedAt)) {
          r.joinedAt = r.lastSeq = result.lastSeq;
          resolve();
        } else if (r.downAt !== null && r.backAt === null) r.backAt = now();
      },
      onEvent(event: RoomEvent) {
        if (event.seq !== r.lastSeq + 1) r.skipped += Math.max(0, event.seq - r.lastSeq - 1);
        r.lastSeq = event.seq;
        r.events++;
      },
      onRefetch(lastSeq) {
        r.refetches++;
        r.lastSeq = lastSeq;
      },
    });
  });
}

async function main() {
  // Connect in small waves: thousands of handshakes at once only measure the accept queue.
  for (let i = 0; i < count; i += 50) await Promise.all(Array.from({ length: Math.min(50, count - i) }, startClient));
  process.send!({ type: 'ready' });
  process.on('message', (msg: { type: string }) => {
    if (msg.type === 'report') process.send!({ type: 'report', clients: reports });
    if (msg.type === 'stop') process.exit(0);
  });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
