// @vitest-environment jsdom
import i18next from 'i18next';
import { act } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '@locales/en-US.json';
import type { RoomEvent } from '@shared/socket';
import type { ActivityItem } from '@shared/types/cases';
import type { RoomHandlers } from '@client/realtime/RealtimeClient';
import { mountPoint } from '@client/test/mountPoint';

const mocks = vi.hoisted(() => ({
  handlers: null as RoomHandlers | null,
  reads: [] as Array<(items: ActivityItem[]) => void>,
}));

vi.mock('@client/realtime/RealtimeClient', () => ({
  realtime: {
    join: (_room: string, handlers: RoomHandlers) => {
      mocks.handlers = handlers;
      return () => undefined;
    },
  },
}));
vi.mock('@client/api/stats', () => ({
  getActivities: () => new Promise<ActivityItem[]>((resolve) => mocks.reads.push(resolve)),
  getCounters: () => new Promise(() => undefined),
}));

const { useSiteActivity } = await import('./useSiteActivity');
const { announcements } = await import('@client/components/announce');

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', fallbackLng: 'en-US', resources: { 'en-US': { translation: en } }, interpolation: { escapeValue: false } });
});
const mount = mountPoint();

let feed: ReturnType<typeof useSiteActivity>['feed'];
function Probe() {
  feed = useSiteActivity().feed;
  return null;
}

const report: ActivityItem = { type: 'report', id: 4, createTime: '2026-01-01T00:00:00.000Z', byUserId: 1, byUserName: 'reporter', toPlayerName: 'Hidden_Player', game: 'bf1' };
let seq = 0;
const event = (name: 'activity' | 'activity.withdrawn', payload: unknown) => ({ room: 'all', seq: ++seq, name, payload, at: report.createTime }) as RoomEvent;
const hear = (e: RoomEvent) => act(() => mocks.handlers!.onEvent(e));
const said = () => announcements.items.map((a) => a.text).join('\n');
const shown = () => (feed.state === 'ready' ? feed.value.map((i) => i.id) : null);

/** Mounts the feed, joins its room and answers its first read with `lines` (none by default). */
async function openFeed(lines: ActivityItem[] = []) {
  act(() =>
    mount.root.render(
      <I18nextProvider i18n={i18n}>
        <Probe />
      </I18nextProvider>,
    ),
  );
  act(() => mocks.handlers!.onJoin?.({ ok: true, room: 'all', lastSeq: seq, replayed: 0 }));
  await act(async () => mocks.reads.shift()!(lines));
}

beforeEach(() => {
  mocks.handlers = null;
  mocks.reads.length = 0;
  announcements.items = [];
});

describe('useSiteActivity', () => {
  it('takes back what it said of a line once the line is withdrawn', async () => {
    await openFeed();
    await hear(event('activity', { item: report }));
    expect(shown()).toEqual([4]);
    expect(said()).toContain('Hidden_Player');

    await hear(event('activity.withdrawn', { lines: [{ type: 'report', id: 4 }] }));
    expect(shown()).toEqual([]);
    expect(said()).not.toContain('Hidden_Player');
  });

  it('says a line only when the feed shows it for the first time: not one older than a full feed, nor one it already shows', async () => {
    const lines = Array.from({ length: 30 }, (_, i): ActivityItem => ({ ...report, id: 100 + i, toPlayerName: `Player_${i}`, createTime: new Date(Date.UTC(2026, 1, 1 + i)).toISOString() }));
    await openFeed(lines);
    await hear(event('activity', { item: report }));
    expect(shown()).not.toContain(4);
    expect(said()).toBe('');

    const newest: ActivityItem = { ...report, id: 5, toPlayerName: 'Newest_Player', createTime: '2026-04-01T00:00:00.000Z' };
    await hear(event('activity', { item: newest }));
    await hear(event('activity', { item: newest }));
    expect(shown()![0]).toBe(5);
    expect(announcements.items.filter((a) => a.text.includes('Newest_Player'))).toHaveLength(1);
  });

  it('takes it back at once when the withdrawal comes while the feed is read again', async () => {
    await openFeed();
    await hear(event('activity', { item: report }));
    act(() => mocks.handlers!.onRefetch?.(seq));
    expect(mocks.reads).toHaveLength(1);

    await hear(event('activity.withdrawn', { lines: [{ type: 'report', id: 4 }] }));
    expect(said()).not.toContain('Hidden_Player');
    await act(async () => mocks.reads.shift()!([report]));
    expect(shown()).toEqual([]);
  });
});
