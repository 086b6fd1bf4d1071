import { describe, expect, it } from 'vitest';
import type { RoomEvent } from '@shared/socket';
import { RoomCursor } from './roomCursor';
import { revokesToken } from './sessionRealtime';

describe('RoomCursor', () => {
  const ev = (seq: number) => ({ seq });
  const seqsOf = (cursor: RoomCursor<{ seq: number }>, arrivals: number[]) => arrivals.flatMap((seq) => cursor.receive(ev(seq)).map((e) => e.seq));

  it('passes events on in order and drops ones already seen (live and replayed twice)', () => {
    const cursor = new RoomCursor<{ seq: number }>(0);
    expect(seqsOf(cursor, [1, 2, 2, 3, 1, 4])).toEqual([1, 2, 3, 4]);
    expect(cursor.lastSeq).toBe(4);
    expect(cursor.hasHole).toBe(false);
  });

  it('starts from the sequence the page is current as of', () => {
    const cursor = new RoomCursor<{ seq: number }>(10);
    expect(seqsOf(cursor, [10, 11])).toEqual([11]);
  });

  it('holds an event after a hole until the missing one arrives, then passes both on in order', () => {
    const cursor = new RoomCursor<{ seq: number }>(5);
    expect(seqsOf(cursor, [7, 8])).toEqual([]);
    expect(cursor.hasHole).toBe(true);
    expect(cursor.lastSeq).toBe(5);
    expect(seqsOf(cursor, [6])).toEqual([6, 7, 8]);
    expect(cursor.hasHole).toBe(false);
  });

  it('knows events are missing when the server reports a head it has not reached', () => {
    const cursor = new RoomCursor<{ seq: number }>(5);
    cursor.sawHead(3);
    expect(cursor.hasHole).toBe(false);
    cursor.sawHead(8);
    expect(cursor.hasHole).toBe(true);
    expect(seqsOf(cursor, [6, 7, 8])).toEqual([6, 7, 8]);
    expect(cursor.hasHole).toBe(false);
  });

  it('jumps to the head after a refetch and forgets what it held', () => {
    const cursor = new RoomCursor<{ seq: number }>(900);
    cursor.receive(ev(905));
    cursor.reset(100);
    expect(cursor.hasHole).toBe(false);
    expect(seqsOf(cursor, [101, 905])).toEqual([101]);
  });
});

describe('revokesToken', () => {
  const revoked = (at: string): RoomEvent => ({ room: 'user:1', seq: 1, name: 'session.revoked', payload: { userId: 1, at }, at });

  it('signs out a token issued before the revocation', () => {
    expect(revokesToken(revoked('2026-01-02T00:00:00Z'), Date.parse('2026-01-01T00:00:00Z'))).toBe(true);
  });

  it('keeps a token issued after it (a replayed old event must not sign out a new session)', () => {
    expect(revokesToken(revoked('2026-01-01T00:00:00Z'), Date.parse('2026-01-02T00:00:00Z'))).toBe(false);
  });

  it('has nothing to revoke once the session is gone here', () => {
    expect(revokesToken(revoked('2026-01-02T00:00:00Z'), undefined)).toBe(false);
  });

  it('ignores other events', () => {
    const updated: RoomEvent = { room: 'user:1', seq: 2, name: 'user.updated', payload: { userId: 1 }, at: '2026-01-02T00:00:00Z' };
    expect(revokesToken(updated, 0)).toBe(false);
  });
});
