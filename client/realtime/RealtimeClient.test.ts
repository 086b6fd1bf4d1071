// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { JoinResult, RoomEvent } from '@shared/socket';

/** A stand-in for the Socket.IO client: records joins, lets the test answer them and push events. */
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
vi.mock('socket.io-client', () => ({ io: () => (fake = new FakeSocket()) }));
const { RealtimeClient } = await import('./RealtimeClient');

const event = (seq: number, room = 'all'): RoomEvent => ({ room, seq, name: 'user.updated', payload: { userId: 1 }, at: '2026-01-01T00:00:00.000Z' });
const ok = (room: string, lastSeq: number): JoinResult => ({ ok: true, room, lastSeq, replayed: 0 });

describe('RealtimeClient', () => {
  let client: InstanceType<typeof RealtimeClient>;
  beforeEach(() => {
    client = new RealtimeClient();
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
    fake.joins.forEach((j) => j.ack(ok('user:1', 7)));
    fake.joins = [];
    fake.fire('connect');
    expect(fake.joins).toMatchObject([{ room: 'user:1', lastSeq: 7 }]);
    leaveA();
    expect(fake.leaves).toEqual([]);
    leaveB();
    expect(fake.leaves).toEqual(['user:1']);
  });
});
