import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '@locales/en-US.json';
import type { ActivityItem } from '@shared/types/cases';
import { changeFeed, lineText, placeActivity, renameInActivity, withdrawActivity } from './activityFeed';

const item = (type: ActivityItem['type'], id: number, minute = id) => ({ type, id, createTime: new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString() }) as ActivityItem;

describe('placeActivity', () => {
  it('puts a new line on top', () => {
    expect(placeActivity([item('report', 1)], item('judgement', 2), 10)).toEqual([item('judgement', 2), item('report', 1)]);
  });

  it('adds a line once, however often it arrives', () => {
    const feed = [item('report', 1)];
    expect(placeActivity(feed, item('report', 1), 10)).toBe(feed);
  });

  it('tells a registration from a report with the same id', () => {
    expect(placeActivity([item('report', 7)], item('register', 7), 10)).toHaveLength(2);
  });

  it('keeps the newest lines only', () => {
    const feed = [item('report', 2), item('report', 1)];
    expect(placeActivity(feed, item('report', 3), 2)).toEqual([item('report', 3), item('report', 2)]);
  });

  it('puts a line shown again where its time puts it, not on top', () => {
    const feed = [item('report', 9), item('judgement', 5), item('report', 1)];
    expect(placeActivity(feed, item('banAppeal', 3), 10)).toEqual([item('report', 9), item('judgement', 5), item('banAppeal', 3), item('report', 1)]);
    expect(placeActivity(feed, item('register', 0), 10)).toEqual([...feed, item('register', 0)]);
  });

  it('orders lines of the same moment as a fresh read does: by type, then newest id', () => {
    const feed = [item('report', 8, 4), item('report', 6, 4)];
    expect(placeActivity(feed, item('report', 7, 4), 10)).toEqual([item('report', 8, 4), item('report', 7, 4), item('report', 6, 4)]);
    expect(placeActivity(feed, item('judgement', 1, 4), 10)[0]).toEqual(item('judgement', 1, 4));
  });

  it('leaves out a line shown again that is older than the last of a full feed', () => {
    const feed = [item('report', 3), item('report', 2)];
    expect(placeActivity(feed, item('report', 1), 2)).toBe(feed);
  });
});

describe('withdrawActivity', () => {
  it('drops the lines withdrawn, by type and id, and leaves the feed alone otherwise', () => {
    const feed = [item('judgement', 3), item('report', 2), item('register', 2)];
    expect(withdrawActivity(feed, [{ type: 'report', id: 2 }])).toEqual([item('judgement', 3), item('register', 2)]);
    expect(withdrawActivity(feed, [{ type: 'report', id: 9 }])).toBe(feed);
  });

  it('in a replay, a line withdrawn after it arrived does not stay, nor come back', () => {
    const changes = [{ item: item('report', 4) }, { item: item('report', 5) }, { withdrawn: [{ type: 'report' as const, id: 4 }] }];
    const feed = changes.reduce((acc, change) => changeFeed(acc, change, 10), [item('report', 1)] as readonly ReturnType<typeof item>[]);
    expect(feed).toEqual([item('report', 5), item('report', 1)]);
  });

  it('in a replay, a line withdrawn and shown again ends in its place', () => {
    const changes = [{ item: item('report', 4) }, { withdrawn: [{ type: 'report' as const, id: 4 }] }, { item: item('report', 5) }, { withdrawn: [{ type: 'report' as const, id: 4 }] }, { item: item('report', 4) }];
    const feed = changes.reduce((acc, change) => changeFeed(acc, change, 10), [item('report', 1)] as readonly ReturnType<typeof item>[]);
    expect(feed).toEqual([item('report', 5), item('report', 4), item('report', 1)]);
  });
});

describe('renameInActivity', () => {
  it('shows the new name on the registration of the account and on the lines it wrote, and leaves the feed alone otherwise', () => {
    const joined = { ...item('register', 4), username: 'old', privilege: ['admin'] } as ActivityItem;
    const wrote = { ...item('report', 3), byUserId: 4, byUserName: 'old', byUserPrivilege: ['admin'] } as ActivityItem;
    const other = { ...item('report', 4), byUserId: 5, byUserName: 'else' } as ActivityItem;
    const renamed = { userId: 4, username: 'deleted-4', privilege: ['normal'] };
    expect(renameInActivity([other, joined, wrote], renamed)).toEqual([other, { ...joined, username: 'deleted-4', privilege: ['normal'] }, { ...wrote, byUserName: 'deleted-4', byUserPrivilege: ['normal'] }]);
    const feed = [other];
    expect(changeFeed(feed, { renamed }, 10)).toBe(feed);
  });
});

describe('lineText', () => {
  const i18n = i18next.createInstance();
  beforeAll(() => i18n.init({ lng: 'en-US', resources: { 'en-US': { translation: en } }, interpolation: { escapeValue: false } }));

  it('says a line in the words it shows, without the marks of its links', () => {
    const report = { ...item('report', 3), byUserName: 'ana', toPlayerName: 'Sn1per<3', game: 'bf1' } as ActivityItem;
    expect(lineText(i18n.t, report)).toBe('ana reported Sn1per<3 in Battlefield 1');
    const joined = { ...item('register', 4), username: 'bo' } as ActivityItem;
    expect(lineText(i18n.t, joined)).toBe('bo joined Tribunal');
  });
});
