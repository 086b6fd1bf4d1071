// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RoomEvent } from '@shared/socket';
import type { RoomHandlers } from '@client/realtime/RealtimeClient';

const mocks = vi.hoisted(() => ({ joins: [] as Array<{ room: string; handlers: RoomHandlers }> }));

// The socket itself is covered by RealtimeClient.test.ts; here the rooms' events are handed in directly.
vi.mock('@client/realtime/RealtimeClient', () => ({
  realtime: {
    setToken: () => undefined,
    join: (room: string, handlers: RoomHandlers) => {
      mocks.joins.push({ room, handlers });
      return () => undefined;
    },
  },
}));
vi.mock('@client/api/messages', () => ({ getUnread: () => new Promise(() => undefined) }));

const { startSessionRealtime, onSessionEvent } = await import('@client/realtime/sessionRealtime');
const { session } = await import('@client/state/session');
const { soundOf } = await import('./soundOf');

const at = new Date().toISOString();
const appealNotice: RoomEvent = { room: 'staff', seq: 1, name: 'notification', payload: { id: 1, type: 'banAppeal', content: 'New appeal', createTime: at, playerId: 3, personaId: '30' }, at };

let stop: () => void = () => undefined;
beforeEach(() => {
  mocks.joins.length = 0;
  session.token = 'token';
  session.userinfo = { userId: 7, username: 'staffer', userAvatar: '', privilege: ['admin'], signWhen: Date.now(), visitType: 'web', expiresIn: 1 };
  stop = startSessionRealtime(() => undefined);
});
afterEach(() => {
  stop();
  session.token = null;
  session.userinfo = null;
});

describe('session events for the sounds', () => {
  it('include the staff room’s new-appeal notices', () => {
    const heard: RoomEvent[] = [];
    const off = onSessionEvent((event) => heard.push(event));
    const staff = mocks.joins.find((j) => j.room === 'staff');
    expect(staff).toBeDefined();
    staff!.handlers.onEvent(appealNotice);
    off();
    expect(heard).toEqual([appealNotice]);
    expect(soundOf(heard[0]!, 7)).toBe('appeal');
  });
});
