import { describe, expect, it } from 'vitest';
import type { RoomEvent } from '@shared/socket';
import { RoomCursor } from './roomCursor';
import { revokesToken } from './sessionRealtime';

describe('RoomCursor', () => {
  it('accepts events in order and drops ones already seen (live and replayed twice)', () => {
    const cursor = new RoomCursor();
    expect([1, 2, 2, 3, 1, 4].map((seq) => cursor.accept(seq))).toEqual([true, true, false, true, false, true]);
    expect(cursor.lastSeq).toBe(4);
  });

  it('starts from the sequence the page is current as of', () => {
    const cursor = new RoomCursor(10);
    expect(cursor.accept(10)).toBe(false);
    expect(cursor.accept(11)).toBe(true);
  });

  it('only moves forward to the head the server reports on join', () => {
    const cursor = new RoomCursor(5);
    cursor.advanceTo(3);
    expect(cursor.lastSeq).toBe(5);
    cursor.advanceTo(8);
    expect(cursor.lastSeq).toBe(8);
  });

  it('jumps to the head after a refetch', () => {
    const cursor = new RoomCursor(900);
    cursor.reset(100);
    expect(cursor.accept(101)).toBe(true);
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
