// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import type { JoinResult, RoomEvent } from '@shared/socket';
import { RealtimeClient, type SocketOpener } from './RealtimeClient';

/** A stand-in for the Socket.IO client (the real one, against a real server, is in server/realtime/lossy-link.test.ts): records joins, lets the test answer them and push events. */
class FakeSocket {
  connected = false;
  auth: unknown;
  handlers = new Map<string, Array<(...args: unknown[]) => void>>();
  joins: Array<{ room: string; lastSeq?: number; ack: (r: JoinResult) => void }> = [];
  leaves: string[] = [];
  on(name: string, fn: (...args: unknown[]) => void) {
    this.handlers.set(name, [...(this.handlers.get(name) ?? []), fn]);
    return this;
  }
  fire(name: string, ...args: unknown[]) {
    for (const fn of this.handlers.get(name) ?? []) fn(...args);
  }
  emit(name: string, req: { room: string; lastSeq?: number }, ack?: (r: JoinResult) => void) {
    if (name === 'room:join') this.joins.push({ room: req.room, lastSeq: req.lastSeq, ack: ack! });
    if (name === 'room:leave') this.leaves.push(req.room);
  }
  connect() {
    this.connected = true;
    this.fire('connect');
  }
  disconnect() {
    this.connected = false;
  }
}

let fake: FakeSocket;
const openFake = (() => (fake = new FakeSocket())) as unknown as SocketOpener;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const event = (seq: number, room = 'all'): RoomEvent => ({ room, seq, name: 'user.updated', payload: { userId: 1 }, at: '2026-01-01T00:00:00.000Z' });
const ok = (room: string, lastSeq: number): JoinResult => ({ ok: true, room, lastSeq, replayed: 0 });

describe('RealtimeClient', () => {
  let client: RealtimeClient;
  beforeEach(() => {
    client = new RealtimeClient({ openSocket: openFake, gapWaitMs: 20, gapRetries: 2 });
  });

  it('lets several listeners share a room, each from its own place in the sequence', () => {
    const a: number[] = [];
    const b: number[] = [];
    client.join('all', { onEvent: (e) => a.push(e.seq) });
    expect(fake.joins).toMatchObject([{ room: 'all', lastSeq: undefined }]);
    fake.joins[0]!.ack(ok('all', 10));
    fake.fire('room:event', event(11));

    // A second listener current as of 5 asks for a replay; the first one drops what it saw.
    client.join('all', { lastSeq: 5, onEvent: (e) => b.push(e.seq) });
    expect(fake.joins[1]).toMatchObject({ room: 'all', lastSeq: 5 });
    for (const seq of [6, 7, 8, 9, 10, 11]) fake.fire('room:event', event(seq));
    fake.joins[1]!.ack(ok('all', 11));
    fake.fire('room:event', event(12));
    expect(a).toEqual([11, 12]);
    expect(b).toEqual([6, 7, 8, 9, 10, 11, 12]);
  });

  it('takes several events of a frame in their order, each to its room’s listeners', () => {
    const a: number[] = [];
    const other: number[] = [];
    client.join('all', { lastSeq: 3, onEvent: (e) => a.push(e.seq) });
    client.join('user:1', { onEvent: (e) => other.push(e.seq) });
    fake.fire('room:events', [event(4), event(5)]);
    expect(a).toEqual([4, 5]);
    fake.joins[0]!.ack(ok('all', 5));
    fake.joins[1]!.ack(ok('user:1', 1));
    fake.fire('room:events', [event(6), event(2, 'user:1'), event(7)]);
    expect(a).toEqual([4, 5, 6, 7]);
    expect(other).toEqual([2]);
  });

  it('starts a listener without a sequence at the head: another listener’s replay is not passed on', () => {
    const a: number[] = [];
    const b: number[] = [];
    client.join('all', { lastSeq: 3, onEvent: (e) => a.push(e.seq) });
    client.join('all', { onEvent: (e) => b.push(e.seq) });
    expect(fake.joins.map((j) => j.lastSeq)).toEqual([3, undefined]);
    for (const seq of [4, 5]) fake.fire('room:event', event(seq));
    fake.joins[0]!.ack(ok('all', 5));
    fake.joins[1]!.ack(ok('all', 5));
    fake.fire('room:event', event(6));
    expect(a).toEqual([4, 5, 6]);
    expect(b).toEqual([6]);
  });

  it('leaves the room only when its last listener goes, and re-joins from the oldest place after a reconnect', () => {
    const leaveA = client.join('user:1', { lastSeq: 2, onEvent: () => undefined });
    const leaveB = client.join('user:1', { lastSeq: 7, onEvent: () => undefined });
    for (const seq of [3, 4, 5, 6, 7]) fake.fire('room:event', event(seq, 'user:1'));
    fake.joins.forEach((j) => j.ack(ok('user:1', 7)));
    fake.joins = [];
    fake.fire('connect');
    expect(fake.joins).toMatchObject([{ room: 'user:1', lastSeq: 7 }]);
    leaveA();
    expect(fake.leaves).toEqual([]);
    leaveB();
    expect(fake.leaves).toEqual(['user:1']);
  });

  it('holds an event after a hole, re-joins from before it, and passes the replay on in order, once', async () => {
    const seen: number[] = [];
    client.join('all', { lastSeq: 3, onEvent: (e) => seen.push(e.seq) });
    fake.joins[0]!.ack(ok('all', 3));
    fake.fire('room:event', event(4));
    fake.fire('room:event', event(6));
    expect(seen).toEqual([4]);
    await sleep(60);
    expect(fake.joins[1]).toMatchObject({ room: 'all', lastSeq: 4 });
    for (const seq of [5, 6]) fake.fire('room:event', event(seq));
    fake.joins[1]!.ack(ok('all', 6));
    expect(seen).toEqual([4, 5, 6]);
    await sleep(60);
    expect(fake.joins).toHaveLength(2);
  });

  it('does not re-join when a late event fills the hole within the wait', async () => {
    const seen: number[] = [];
    client.join('all', { lastSeq: 0, onEvent: (e) => seen.push(e.seq) });
    fake.joins[0]!.ack(ok('all', 0));
    fake.fire('room:event', event(2));
    fake.fire('room:event', event(1));
    await sleep(60);
    expect(seen).toEqual([1, 2]);
    expect(fake.joins).toHaveLength(1);
  });

  it('refetches when re-joins cannot fill the hole', async () => {
    const refetched: number[] = [];
    client.join('all', { lastSeq: 0, onEvent: () => undefined, onRefetch: (seq) => refetched.push(seq) });
    fake.joins[0]!.ack(ok('all', 0));
    fake.fire('room:event', event(3));
    for (let attempt = 1; attempt <= 2; attempt++) {
      await sleep(60);
      expect(fake.joins).toHaveLength(attempt + 1);
      fake.joins[attempt]!.ack(ok('all', 3));
    }
    expect(refetched).toEqual([3]);
  });

  it('closes the socket when the page goes into the back-forward cache, and joins again from its place on coming back', () => {
    client = new RealtimeClient({ openSocket: openFake });
    client.join('case:7', { onEvent: () => undefined });
    fake.joins[0]!.ack(ok('case:7', 4));
    const pageEvent = (name: string, persisted: boolean) => Object.assign(new Event(name), { persisted });
    window.dispatchEvent(pageEvent('pagehide', false));
    expect(fake.connected).toBe(true);
    window.dispatchEvent(pageEvent('pagehide', true));
    expect(fake.connected).toBe(false);
    window.dispatchEvent(pageEvent('pageshow', true));
    expect(fake.connected).toBe(true);
    expect(fake.joins.at(-1)).toMatchObject({ room: 'case:7', lastSeq: 4 });
  });

  it('comes back after the server closed the connection (its node stopping)', async () => {
    client = new RealtimeClient({ openSocket: openFake, reconnectJitterMs: 10 });
    client.join('all', { onEvent: () => undefined });
    fake.joins = [];
    fake.connected = false;
    fake.fire('disconnect', 'io server disconnect');
    await sleep(40);
    expect(fake.connected).toBe(true);
    expect(fake.joins).toMatchObject([{ room: 'all' }]);
  });

  it('asks again for a join refused as too many once the server’s wait is over, waiting longer after each refusal, and not on holes meanwhile', async () => {
    client = new RealtimeClient({ openSocket: openFake, gapWaitMs: 5, refusedRetryMs: 20, refusedRetryMaxMs: 1_000 });
    const seen: number[] = [];
    const answers: JoinResult[] = [];
    client.join('case:3', { lastSeq: 4, onEvent: (e) => seen.push(e.seq), onJoin: (r) => answers.push(r) });
    const refuse = (retryAfterMs: number) => fake.joins.at(-1)!.ack({ ok: false, room: 'case:3', code: 'room.rateLimited', retryAfterMs });
    refuse(60);
    // An event after a hole would make a joined room ask for the replay at once; a refused one waits.
    fake.fire('room:event', event(7, 'case:3'));
    await sleep(50);
    expect(fake.joins).toHaveLength(1);
    await sleep(60);
    expect(fake.joins).toHaveLength(2);
    expect(fake.joins[1]).toMatchObject({ room: 'case:3', lastSeq: 4 });

    // The second refusal in a row waits at least twice the first wait (40 ms), whatever the server says.
    refuse(1);
    await sleep(30);
    expect(fake.joins).toHaveLength(2);
    await sleep(60);
    expect(fake.joins).toHaveLength(3);
    fake.joins[2]!.ack(ok('case:3', 7));
    for (const seq of [5, 6]) fake.fire('room:event', event(seq, 'case:3'));
    expect(seen).toEqual([5, 6, 7]);
    expect(answers.map((a) => a.ok)).toEqual([false, false, true]);
  });

  it('stops asking for a refused room once its last listener left', async () => {
    client = new RealtimeClient({ openSocket: openFake, refusedRetryMs: 10 });
    const leave = client.join('all', { onEvent: () => undefined });
    fake.joins[0]!.ack({ ok: false, room: 'all', code: 'room.rateLimited', retryAfterMs: 10 });
    leave();
    await sleep(60);
    expect(fake.joins).toHaveLength(1);
  });

  it('connects again later, waiting longer each time, when the server refuses the handshake as too many sockets', async () => {
    client = new RealtimeClient({ openSocket: openFake, refusedRetryMs: 20 });
    client.join('all', { onEvent: () => undefined });
    let attempts = 0;
    fake.connected = false;
    fake.connect = () => void attempts++;
    const refused = Object.assign(new Error('request.rateLimited'), { data: { code: 'request.rateLimited' } });
    fake.fire('connect_error', refused);
    await sleep(10);
    expect(attempts).toBe(0);
    await sleep(30);
    expect(attempts).toBe(1);
    fake.fire('connect_error', refused);
    await sleep(35);
    expect(attempts).toBe(1);
    await sleep(40);
    expect(attempts).toBe(2);
  });
});

describe('RealtimeClient with Socket.IO loaded on demand', () => {
  it('joins the rooms asked for while the socket code was loading, once it is in', async () => {
    let load!: (socket: FakeSocket) => void;
    const client = new RealtimeClient({ openSocket: (() => new Promise((resolve) => (load = resolve))) as unknown as SocketOpener });
    client.setToken('t1');
    client.join('all', { onEvent: () => undefined });
    client.join('case:1', { onEvent: () => undefined });
    const socket = new FakeSocket();
    load(socket);
    await sleep(0);
    expect(socket.auth).toEqual({ token: 't1' });
    expect(socket.joins.map((j) => j.room)).toEqual(['all', 'case:1']);
  });
});
