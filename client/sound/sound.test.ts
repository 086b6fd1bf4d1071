import { describe, expect, it } from 'vitest';
import type { RoomEvent } from '@shared/socket';
import type { MessageItem } from '@shared/types/messages';
import { wantsSound } from './playCue';
import { soundOf } from './soundOf';
import { CUE_GAP_MS, throttleCue } from './startVoice';
import { CUES, peakGain } from './tones';

const at = new Date().toISOString();
const message = (byUserId: number | null, toUserId: number | null): RoomEvent => ({
  room: `user:${toUserId}`,
  seq: 1,
  name: 'message.new',
  payload: { message: { id: 1, byUserId, toUserId, type: 'direct', content: 'hi', createTime: at, haveRead: false } as unknown as MessageItem },
  at,
});
const notice = (room: string, type: string, playerId: number | null): RoomEvent => ({ room, seq: 1, name: 'notification', payload: { id: 1, type, content: 'x', createTime: at, playerId }, at });

describe('which events make a sound', () => {
  it('a message someone else sent me', () => {
    expect(soundOf(message(2, 7), 7)).toBe('message');
    expect(soundOf(message(7, 2), 7)).toBeNull();
    expect(soundOf(message(null, 7), 7)).toBeNull();
    expect(soundOf(message(2, 7), null)).toBeNull();
  });

  it('a notice about a case in my own room (a verdict on a case I follow)', () => {
    expect(soundOf(notice('user:7', 'warn', 3), 7)).toBe('judgement');
    expect(soundOf(notice('user:7', 'reply', 3), 7)).toBeNull();
    expect(soundOf(notice('user:7', 'warn', null), 7)).toBeNull();
  });

  it('a new appeal, for staff', () => {
    expect(soundOf(notice('staff', 'banAppeal', 3), 7)).toBe('appeal');
    expect(soundOf(notice('user:7', 'banAppeal', 3), 7)).toBeNull();
  });

  it('nothing else', () => {
    expect(soundOf({ room: 'all', seq: 1, name: 'cases.open', payload: { count: 1 }, at }, 7)).toBeNull();
  });
});

describe('when a cue plays', () => {
  const on = { volume: 50, message: true, judgement: true, appeal: true };
  it('only with the voice flag, the kind switched on and some volume', () => {
    expect(wantsSound('message', { voice: true }, on)).toBe(true);
    expect(wantsSound('message', { voice: false }, on)).toBe(false);
    expect(wantsSound('message', { voice: true }, { ...on, message: false })).toBe(false);
    expect(wantsSound('appeal', { voice: true }, { ...on, volume: 0 })).toBe(false);
  });

  it('once per kind in a burst', () => {
    const last = new Map();
    expect(throttleCue(last, 'message', 0)).toBe(true);
    expect(throttleCue(last, 'message', CUE_GAP_MS - 1)).toBe(false);
    expect(throttleCue(last, 'appeal', 10)).toBe(true);
    expect(throttleCue(last, 'message', CUE_GAP_MS + 1)).toBe(true);
  });

  it('each kind has its own cue, scaled by the volume', () => {
    expect(new Set(Object.values(CUES).map((notes) => JSON.stringify(notes))).size).toBe(3);
    expect(peakGain(0, 'sine')).toBe(0);
    expect(peakGain(100, 'sine')).toBeCloseTo(0.3);
    expect(peakGain(50, 'sine')).toBeCloseTo(0.15);
    expect(peakGain(100, 'square')).toBeLessThan(peakGain(100, 'sine'));
  });
});
