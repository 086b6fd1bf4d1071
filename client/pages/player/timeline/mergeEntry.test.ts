import { describe, expect, it } from 'vitest';
import type { TimelineEntry } from '@shared/types/cases';
import { mergeEntry, timelineReducer, type TimelineState, type TimelineView } from './liveTimeline';

const appeal = (over: Partial<TimelineEntry> = {}, content: Partial<TimelineEntry['content']> = {}) =>
  ({
    id: 5,
    type: 'banAppeal',
    appealStatus: 'unprocessed',
    viewedAdmins: [],
    content: { text: '<p>mine</p>', appealType: 'moss', showAttachment: true, extendedLinks: { mossDownloadUrl: 'https://t.example/api/service/file?filename=a.zip', videoLink: 'https://v.example/1' }, ...content },
    ...over,
  }) as TimelineEntry;
const view: TimelineView = { filter: 'all', order: 'asc', page: 1, pageSize: 20, staff: true };

describe('live entry updates', () => {
  it('replace the entry where it is shown', () => {
    const state: TimelineState = { entries: [{ id: 4, type: 'reply', content: { text: 'x' } } as TimelineEntry, appeal({ valid: true })], total: 2, unseen: [], hidden: [] };
    const next = timelineReducer(state, { type: 'updated', entry: appeal({ appealStatus: 'lock', viewedAdmins: [3] }, { showAttachment: false, extendedLinks: { videoLink: 'https://v.example/1' } }) }, view);
    expect(next.entries[1]).toMatchObject({ appealStatus: 'lock', viewedAdmins: [3], valid: true });
    expect(next.total).toBe(2);
  });

  it('leave the page alone for entries it does not show', () => {
    const state: TimelineState = { entries: [], total: 0, unseen: [], hidden: [] };
    expect(timelineReducer(state, { type: 'updated', entry: appeal() }, view)).toBe(state);
  });

  it('keep the attachments a signed-in reader was given (public events leave them out)', () => {
    const merged = mergeEntry(appeal(), appeal({ appealStatus: 'accept' }, { showAttachment: false, extendedLinks: { videoLink: 'https://v.example/1' } }));
    expect(merged.appealStatus).toBe('accept');
    expect(merged.content.showAttachment).toBe(true);
    expect(merged.content.extendedLinks?.mossDownloadUrl).toBe('https://t.example/api/service/file?filename=a.zip');
  });

  it('give visitors nothing they did not have', () => {
    const shown = appeal({}, { showAttachment: false, extendedLinks: {} });
    const merged = mergeEntry(shown, appeal({ appealStatus: 'fail' }, { showAttachment: false, extendedLinks: {} }));
    expect(merged.content).toEqual({ text: '<p>mine</p>', appealType: 'moss', showAttachment: false, extendedLinks: {} });
  });
});
