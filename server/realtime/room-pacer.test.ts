import { describe, expect, it } from 'vitest';
import type { RoomEvent } from '@shared/socket';
import { createRoomPacer } from './room-pacer';

const event = (room: string, seq: number): RoomEvent => ({ room, seq, name: 'user.updated', payload: { userId: seq }, at: '2026-11-29T00:00:00.000Z' });

/**
 * A pacer on a clock the test moves: a fan-out to `crowded` takes `fanOutMs` of it (as writing to
 * a thousand sockets takes about 40 ms), one to any other room none. `more` says whether writes are
 * still running.
 */
function pacerUnderTest(fanOutMs = 40) {
  const clock = { now: 1_000 };
  const state = { more: false };
  const frames: Array<{ room: string; seqs: number[] }> = [];
  const pacer = createRoomPacer(
    (room, events) => {
      frames.push({ room, seqs: events.map((e) => e.seq) });
      if (room === 'crowded') clock.now += fanOutMs;
    },
    () => state.more,
    () => clock.now,
  );
  return { pacer, clock, state, frames };
}

/** Writes are running: the crowded room's first event goes out, its second, 5 ms after that fan-out, is held. */
function holdingTheSecond<T extends ReturnType<typeof pacerUnderTest>>(under: T): T {
  under.state.more = true;
  under.pacer.send([event('crowded', 1)]);
  under.clock.now += 5;
  under.pacer.send([event('crowded', 2)]);
  return under;
}

describe('room pacer', () => {
  it('sends every event of a room whose fan-out is short at once, even while writes are running', () => {
    const { pacer, state, frames } = pacerUnderTest();
    state.more = true;
    pacer.send([event('few', 1)]);
    pacer.send([event('few', 2)]);
    expect(frames).toEqual([
      { room: 'few', seqs: [1] },
      { room: 'few', seqs: [2] },
    ]);
  });

  it('holds what a crowded room gets right after a fan-out while writes are running, then sends it in one frame, in sequence, with the change that ends them', async () => {
    const { pacer, clock, state, frames } = pacerUnderTest();
    state.more = true;
    pacer.send([event('crowded', 1)]);
    expect(frames).toEqual([{ room: 'crowded', seqs: [1] }]);
    clock.now += 5;
    pacer.send([event('crowded', 3)]);
    clock.now += 5;
    pacer.send([event('crowded', 2), event('few', 7)]);
    // The small room is not held with it.
    expect(frames).toEqual([
      { room: 'crowded', seqs: [1] },
      { room: 'few', seqs: [7] },
    ]);
    state.more = false;
    clock.now += 5;
    pacer.send([event('crowded', 4)]);
    expect(frames.at(-1)).toEqual({ room: 'crowded', seqs: [2, 3, 4] });
    expect(frames).toHaveLength(3);
    await pacer.idle();
  });

  it('sends held events once no more write requests are being answered, even when no further event comes', async () => {
    const { pacer, state, frames } = holdingTheSecond(pacerUnderTest());
    expect(frames).toHaveLength(1);
    // The last write failed: it publishes nothing, but the held event goes at the next look.
    state.more = false;
    await pacer.idle();
    expect(frames).toEqual([
      { room: 'crowded', seqs: [1] },
      { room: 'crowded', seqs: [2] },
    ]);
  });

  it('holds at most four times as long as the last fan-out took, and never over 200 ms, however long writes keep running', async () => {
    const settle = () => new Promise((resolve) => setTimeout(resolve, 30));
    for (const [fanOutMs, holdMs] of [
      [40, 160],
      [80, 200],
    ]) {
      const { pacer, clock, frames } = holdingTheSecond(pacerUnderTest(fanOutMs));
      clock.now += holdMs - 10;
      await settle();
      expect(frames).toHaveLength(1);
      clock.now += 5;
      await pacer.idle();
      expect(frames.at(-1)).toEqual({ room: 'crowded', seqs: [2] });
    }
  });

  it('sends at once what a crowded room gets after its pause (as long as its last fan-out took), and what it gets when nothing more is coming', () => {
    const { pacer, clock, state, frames } = pacerUnderTest();
    pacer.send([event('crowded', 1)]);
    clock.now += 5;
    pacer.send([event('crowded', 2)]);
    state.more = true;
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
