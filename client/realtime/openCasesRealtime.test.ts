// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JoinResult, RoomEvent } from '@shared/socket';
import type { RoomHandlers } from './RealtimeClient';

const mocks = vi.hoisted(() => ({
  joins: [] as Array<{ room: string; handlers: RoomHandlers; left: boolean }>,
  counts: [] as Array<(total: number) => void>,
  shown: [] as Array<{ title: string; body?: string; tag?: string }>,
}));

vi.mock('@client/realtime/RealtimeClient', () => ({
  realtime: {
    join: (room: string, handlers: RoomHandlers) => {
      const joined = { room, handlers, left: false };
      mocks.joins.push(joined);
      return () => (joined.left = true);
    },
  },
}));
vi.mock('@client/api/client', () => ({
  api: { get: () => new Promise<{ total: number }>((resolve) => mocks.counts.push((total) => resolve({ total }))) },
}));
vi.mock('@client/i18n/setup', () => ({
  i18n: { language: 'en-US', t: (key: string, o: Record<string, unknown>) => `${key} ${o.formatted ?? ''}${o.before !== undefined ? ` from ${o.before}` : ''}` },
}));

const { startOpenCases } = await import('./openCasesRealtime');
const { openCases } = await import('@client/state/openCases');
const { preferences } = await import('@client/state/preferences');
const { session } = await import('@client/state/session');
const { localFlags } = await import('@client/state/localFlags');

const tick = () => new Promise((r) => setTimeout(r, 0));
const joined: JoinResult = { ok: true, room: 'staff', lastSeq: 4, replayed: 0 };
const countEvent = (count: number, seq = 5): RoomEvent => ({ room: 'staff', seq, name: 'cases.open', payload: { count }, at: new Date().toISOString() });

let hidden = false;
let stop: () => void = () => undefined;

function signIn(privilege: string[]) {
  session.token = 'token';
  session.userinfo = { userId: 7, username: 'staffer', userAvatar: '', privilege, signWhen: Date.now(), visitType: 'web', expiresIn: 1 };
}

beforeEach(() => {
  mocks.joins.length = 0;
  mocks.counts.length = 0;
  mocks.shown.length = 0;
  hidden = false;
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  class FakeNotification {
    static permission: NotificationPermission = 'granted';
    onclick: (() => void) | null = null;
    constructor(title: string, options?: NotificationOptions) {
      mocks.shown.push({ title, body: options?.body, tag: options?.tag });
    }
    close() {}
  }
  vi.stubGlobal('Notification', FakeNotification);
  preferences.desktopNotification = true;
  localFlags.enhance = true;
  session.token = null;
  session.userinfo = null;
  session.me = null;
  stop = startOpenCases(() => undefined);
});
afterEach(() => {
  stop();
  vi.unstubAllGlobals();
});

describe('the open-case count', () => {
  it('is not followed for users who are not staff', async () => {
    signIn(['normal']);
    await tick();
    expect(mocks.joins).toEqual([]);
    expect(openCases.count).toBeNull();
  });

  it('is read once the staff room is joined, then follows the live events', async () => {
    signIn(['admin']);
    await tick();
    expect(mocks.joins.map((j) => j.room)).toEqual(['staff']);
    mocks.joins[0]!.handlers.onJoin?.(joined);
    hidden = true;
    mocks.counts.shift()!(12);
    await tick();
    expect(openCases.count).toBe(12);
    // The first count a page learns is no change.
    expect(mocks.shown).toEqual([]);

    mocks.joins[0]!.handlers.onEvent(countEvent(13));
    expect(openCases.count).toBe(13);
    expect(mocks.shown).toEqual([{ title: 'openCases.notification.title 13', body: 'openCases.notification.more 13 from 12', tag: 'tribunal-open-cases' }]);
  });

  it('notifies only while the tab is hidden and the setting is on', async () => {
    signIn(['super']);
    await tick();
    const { handlers } = mocks.joins[0]!;
    handlers.onEvent(countEvent(3, 5));
    handlers.onEvent(countEvent(4, 6));
    expect(mocks.shown).toEqual([]);
    hidden = true;
    preferences.desktopNotification = false;
    handlers.onEvent(countEvent(5, 7));
    expect(mocks.shown).toEqual([]);
    preferences.desktopNotification = true;
    handlers.onEvent(countEvent(5, 8));
    expect(mocks.shown).toEqual([]);
    handlers.onEvent(countEvent(2, 9));
    expect(mocks.shown.map((n) => n.body)).toEqual(['openCases.notification.fewer 2 from 5']);
    expect(openCases.count).toBe(2);
  });

  it('ignores a read that a newer live count overtook', async () => {
    signIn(['admin']);
    await tick();
    const { handlers } = mocks.joins[0]!;
    handlers.onJoin?.(joined);
    handlers.onEvent(countEvent(8));
    mocks.counts.shift()!(7);
    await tick();
    expect(openCases.count).toBe(8);
  });

  it('leaves the staff room and forgets the count on sign-out', async () => {
    signIn(['admin']);
    await tick();
    mocks.joins[0]!.handlers.onEvent(countEvent(9));
    session.token = null;
    session.userinfo = null;
    await tick();
    expect(mocks.joins[0]!.left).toBe(true);
    expect(openCases.count).toBeNull();
  });

  it('follows the count only while the staff enhancements are on', async () => {
    signIn(['admin']);
    await tick();
    mocks.joins[0]!.handlers.onEvent(countEvent(9));
    localFlags.enhance = false;
    await tick();
    expect(mocks.joins[0]!.left).toBe(true);
    expect(openCases.count).toBeNull();
    localFlags.enhance = true;
    await tick();
    expect(mocks.joins.map((j) => [j.room, j.left])).toEqual([
      ['staff', true],
      ['staff', false],
    ]);
  });
});
