import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io } from 'socket.io-client';
import type { RoomEvent } from '@shared/socket';
import { RealtimeClient, type SocketOpener } from '@client/realtime/RealtimeClient';
import { createTestApp, type ClientSocket, type TestApp } from '@server/test/harness';
import { inTransaction } from '../db/outbox';

/**
 * The browser's realtime client against the real server, through a link that loses and reorders
 * room events (as an out-of-order publish from another node, or a push lost between commit and
 * send, would): every event must reach the page once, in order.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The real socket, but the first delivery of every 4th event is lost and every 7th arrives after the next one. */
function lossyLink(socket: ClientSocket, joins: Array<number | undefined>): ClientSocket {
  const lost = new Set<string>();
  const delayed = new Set<string>();
  let lossy: ((ev: RoomEvent) => void) | undefined;
  return new Proxy(socket, {
    get(target, prop) {
      if (prop === 'on')
        return (name: string, listener: (...args: never[]) => void) => {
          // Events sent several to a frame go through the same losses, one by one (to the one-event listener).
          if (name === 'room:events') return target.on('room:events', (events: RoomEvent[]) => events.forEach((ev) => lossy?.(ev)));
          if (name !== 'room:event') return target.on(name as never, listener as never);
          let waiting: RoomEvent | undefined;
          const pass = listener as unknown as (ev: RoomEvent) => void;
          return target.on('room:event', (lossy = (ev: RoomEvent) => {
            const key = `${ev.room}#${ev.seq}`;
            if (ev.seq % 4 === 0 && !lost.has(key)) return void lost.add(key);
            if (ev.seq % 7 === 0 && !waiting && !delayed.has(key)) {
              delayed.add(key);
              waiting = ev;
              return;
            }
            pass(ev);
            if (waiting) {
              const late = waiting;
              waiting = undefined;
              pass(late);
            }
          }));
        };
      if (prop === 'emit')
        return (name: string, req: { lastSeq?: number }, ack: unknown) => {
          if (name === 'room:join') joins.push(req.lastSeq);
          return (target.emit as (...args: unknown[]) => ClientSocket)(name, req, ack);
        };
      const value: unknown = Reflect.get(target, prop);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

async function until(check: () => boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(20);
  }
}

describe.each([
  ['a case room (numbered in the writing transaction)', 'case:4242'],
  ['the site-wide room (numbered after commit by the relay)', 'all'],
])('the realtime client over a lossy link, in %s', (_what, room) => {
  it('passes every event on once, in order, re-joining to fill the holes', async () => {
    const joins: Array<number | undefined> = [];
    const open: SocketOpener = (options) => lossyLink(io(app.url, { ...options, transports: ['websocket'], forceNew: true }), joins);
    const client = new RealtimeClient({ openSocket: open, gapWaitMs: 50 });
    const seen: number[] = [];
    let joined = false;
    const leave = client.join(room, { lastSeq: 0, onEvent: (ev) => seen.push(ev.seq), onJoin: () => (joined = true) });
    await until(() => joined);

    const total = 61;
    for (let i = 1; i <= total; i++) await inTransaction(app.services, ({ emit }) => emit(room as 'all', 'user.updated', { userId: i }));
    await until(() => seen.length >= total);
    await sleep(200);
    leave();

    expect(seen).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    // The holes were filled by replays asked for from before them, not by luck.
    expect(joins.length).toBeGreaterThan(1);
    expect(joins.slice(1).every((seq) => typeof seq === 'number' && seq % 4 === 3)).toBe(true);
  });
});
