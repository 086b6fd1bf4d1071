import { describe, expect, it } from 'vitest';
import type { RoomEvent } from '@shared/socket';
import { createRoomPacer } from './room-pacer';

const event = (room: string, seq: number): RoomEvent => ({ room, seq, name: 'user.updated', payload: { userId: seq }, at: '2026-11-29T00:00:00.000Z' });

/** Real time for the pacer's timers to fire (its clock is the test's). */
const settle = (ms = 60) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A pacer on a clock the test moves: a fan-out to a room named `crowded…` takes `fanOutMs` of it
 * (as writing to a thousand sockets takes about 40 ms), one to any other room none.
 */
function pacerUnderTest(fanOutMs = 40) {
  const clock = { now: 1_000 };
  const frames: Array<{ room: string; seqs: number[] }> = [];
  const pacer = createRoomPacer(
    (room, events) => {
      frames.push({ room, seqs: events.map((e) => e.seq) });
      if (room.startsWith('crowded')) clock.now += fanOutMs;
    },
    () => clock.now,
  );
  return { pacer, clock, frames };
}

/** The crowded room's first event goes out; its second, 5 ms after that fan-out, is held. */
function holdingTheSecond<T extends ReturnType<typeof pacerUnderTest>>(under: T): T {
  under.pacer.send([event('crowded', 1)]);
  under.clock.now += 5;
  under.pacer.send([event('crowded', 2)]);
  return under;
}

describe('room pacer', () => {
  it('sends every event of a room whose fan-out is short at once, however fast they come', () => {
    const { pacer, frames } = pacerUnderTest();
    pacer.send([event('few', 1)]);
    pacer.send([event('few', 2)]);
    expect(frames).toEqual([
      { room: 'few', seqs: [1] },
      { room: 'few', seqs: [2] },
    ]);
  });

  it('holds what a crowded room gets right after a fan-out, and sends it in one frame, in sequence, once the room is quiet as long as a fan-out takes', async () => {
    const { pacer, clock, frames } = pacerUnderTest();
    pacer.send([event('crowded', 1)]);
    expect(frames).toEqual([{ room: 'crowded', seqs: [1] }]);
    clock.now += 5;
    pacer.send([event('crowded', 3)]);
    clock.now += 5;
    pacer.send([event('crowded', 2), event('few', 7)]);
    clock.now += 40;
    pacer.send([event('crowded', 4)]);
    // 45 ms after its first held event, but the room was never quiet for 40 ms: still held.
    await settle();
    expect(frames).toEqual([
      { room: 'crowded', seqs: [1] },
      { room: 'few', seqs: [7] },
    ]);
    clock.now += 40;
    await pacer.idle();
    expect(frames).toEqual([
      { room: 'crowded', seqs: [1] },
      { room: 'few', seqs: [7] },
      { room: 'crowded', seqs: [2, 3, 4] },
    ]);
  });

  it('paces a room by its own events only: events elsewhere on the node neither hold a quiet room nor keep a crowded one holding', async () => {
    const { pacer, clock, frames } = pacerUnderTest();
    // The quiet room is as crowded (its fan-out as long), but its last event was long ago.
    pacer.send([event('crowded-quiet', 1)]);
    clock.now += 1_000;
    holdingTheSecond({ pacer, clock, frames });
    // Writes elsewhere: the small room, and the quiet crowded room once, while the crowded room holds.
    for (let i = 0; i < 6; i++) {
      clock.now += 10;
      pacer.send([event('few', 10 + i)]);
    }
    pacer.send([event('crowded-quiet', 2)]);
    expect(frames.map((f) => `${f.room}:${f.seqs.join(',')}`)).toEqual(['crowded-quiet:1', 'crowded:1', 'few:10', 'few:11', 'few:12', 'few:13', 'few:14', 'few:15', 'crowded-quiet:2']);
    // The crowded room got nothing for 60 ms of that traffic (longer than its 40 ms fan-out): its held
    // event goes, well before its deadline (160 ms after its fan-out; the clock stands at 105).
    await settle();
    expect(frames.at(-1)).toEqual({ room: 'crowded', seqs: [2] });
    await pacer.idle();
  });

  it('holds at most four times as long as the last fan-out took, and never over 200 ms, however fast the room keeps getting events', async () => {
    for (const [fanOutMs, holdMs] of [
      [40, 160],
      [80, 200],
    ]) {
      const { pacer, clock, frames } = holdingTheSecond(pacerUnderTest(fanOutMs));
      let seq = 3;
      while (clock.now + 10 < 1_000 + fanOutMs + holdMs) {
        clock.now += 10;
        pacer.send([event('crowded', seq++)]);
      }
      await settle();
      expect(frames).toHaveLength(1);
      clock.now += 10;
      await pacer.idle();
      expect(frames).toHaveLength(2);
      expect(frames[1]!.seqs).toEqual(Array.from({ length: seq - 2 }, (_, i) => 2 + i));
    }
  });

  it('sends at once what a crowded room gets after its pause (as long as its last fan-out took)', () => {
    const { pacer, clock, frames } = pacerUnderTest();
    pacer.send([event('crowded', 1)]);
    clock.now += 41;
    pacer.send([event('crowded', 2)]);
    clock.now += 41;
    pacer.send([event('crowded', 3)]);
    expect(frames.map((f) => f.seqs)).toEqual([[1], [2], [3]]);
  });

  it('sends what it holds when stopped, and holds nothing afterwards', async () => {
    const { pacer, frames } = holdingTheSecond(pacerUnderTest());
    pacer.stop();
    expect(frames.map((f) => f.seqs)).toEqual([[1], [2]]);
    pacer.send([event('crowded', 3)]);
    expect(frames.map((f) => f.seqs)).toEqual([[1], [2], [3]]);
    await pacer.idle();
  });
});
