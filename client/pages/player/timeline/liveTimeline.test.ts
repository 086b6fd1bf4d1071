import { describe, expect, it } from 'vitest';
import type { TimelineEntry } from '@shared/types/cases';
import { actionsAfter, EMPTY_TIMELINE, timelineReducer, type TimelineState, type TimelineView } from './liveTimeline';

const entry = (id: number, type: TimelineEntry['type'] = 'reply') => ({ id, type }) as TimelineEntry;
const ids = (s: TimelineState) => s.entries.map((e) => e.id);
const view = (over: Partial<TimelineView> = {}): TimelineView => ({ filter: 'all', order: 'asc', page: 1, pageSize: 3, staff: false, ...over });
const state = (entryIds: number[], total: number): TimelineState => ({ entries: entryIds.map((id) => entry(id)), total, unseen: [], hidden: [] });

describe('timelineReducer', () => {
  it('takes a loaded page as it is, forgetting unseen entries', () => {
    const next = timelineReducer({ ...EMPTY_TIMELINE, unseen: [4], hidden: [5] }, { type: 'loaded', page: { entries: [entry(1)], total: 1, lastSeq: 3 } }, view());
    expect(next).toEqual({ entries: [entry(1)], total: 1, unseen: [], hidden: [] });
  });

  it('appends a new entry on the last page of the oldest-first order', () => {
    const next = timelineReducer(state([4, 5], 5), { type: 'added', entry: entry(6) }, view({ page: 2 }));
    expect(ids(next)).toEqual([4, 5, 6]);
    expect(next.total).toBe(6);
    expect(next.unseen).toEqual([]);
  });

  it('appends to an empty timeline', () => {
    expect(ids(timelineReducer(EMPTY_TIMELINE, { type: 'added', entry: entry(1) }, view()))).toEqual([1]);
  });

  it('counts an entry as unseen when it belongs on another page', () => {
    const full = timelineReducer(state([4, 5, 6], 6), { type: 'added', entry: entry(7) }, view({ page: 2 }));
    expect(ids(full)).toEqual([4, 5, 6]);
    expect(full).toMatchObject({ total: 7, unseen: [7] });
    const earlier = timelineReducer(state([1, 2, 3], 5), { type: 'added', entry: entry(6) }, view());
    expect(earlier).toMatchObject({ total: 6, unseen: [6] });
    const newestFirstLater = timelineReducer(state([4, 3, 2], 5), { type: 'added', entry: entry(6) }, view({ order: 'desc', page: 2 }));
    expect(newestFirstLater).toMatchObject({ entries: [entry(4), entry(3), entry(2)], total: 6, unseen: [6] });
  });

  it('puts a new entry on top at once on the first page of the newest-first order', () => {
    const roomy = timelineReducer(state([2, 1], 2), { type: 'added', entry: entry(3) }, view({ order: 'desc' }));
    expect(roomy).toMatchObject({ entries: [entry(3), entry(2), entry(1)], total: 3, unseen: [] });
    // A full page keeps its size: its oldest entry moves on to page 2.
    const full = timelineReducer(state([5, 4, 3], 5), { type: 'added', entry: entry(6) }, view({ order: 'desc' }));
    expect(full).toMatchObject({ entries: [entry(6), entry(5), entry(4)], total: 6, unseen: [] });
    expect(timelineReducer(full, { type: 'added', entry: entry(6) }, view({ order: 'desc' }))).toBe(full);
  });

  it('offers the new entry with the button when the reader has scrolled away from the top, unless it is their own', () => {
    const away = view({ order: 'desc', awayFromStart: true });
    const offered = timelineReducer(state([2, 1], 2), { type: 'added', entry: entry(3) }, away);
    expect(offered).toMatchObject({ entries: [entry(2), entry(1)], total: 3, unseen: [3] });
    const mine = timelineReducer(state([2, 1], 2), { type: 'added', entry: entry(3), mine: true }, away);
    expect(mine).toMatchObject({ entries: [entry(3), entry(2), entry(1)], total: 3, unseen: [] });
  });

  it('applies an entry once, however often it arrives', () => {
    const once = timelineReducer(state([1], 1), { type: 'added', entry: entry(2) }, view());
    expect(timelineReducer(once, { type: 'added', entry: entry(2) }, view())).toBe(once);
    const onPage = timelineReducer(state([1, 2, 3], 4), { type: 'added', entry: entry(2) }, view());
    expect(onPage.unseen).toEqual([]);
    const elsewhere = timelineReducer(state([1, 2, 3], 4), { type: 'added', entry: entry(5) }, view());
    expect(timelineReducer(elsewhere, { type: 'added', entry: entry(5) }, view())).toBe(elsewhere);
    expect(elsewhere).toMatchObject({ total: 5, unseen: [5] });
  });

  it('ignores entries the filter hides', () => {
    const s = state([1], 1);
    expect(timelineReducer(s, { type: 'added', entry: entry(2, 'judgement') }, view({ filter: 'comments' }))).toBe(s);
    expect(ids(timelineReducer(s, { type: 'added', entry: entry(2, 'judgement') }, view({ filter: 'verdicts' })))).toEqual([1, 2]);
  });

  it('removes a hidden entry for visitors and members', () => {
    const next = timelineReducer(state([1, 2, 3], 3), { type: 'visibility', id: 2, valid: false }, view());
    expect(ids(next)).toEqual([1, 3]);
    expect(next.total).toBe(2);
  });

  it('greys a hidden entry out for staff, and shows it again', () => {
    const hidden = timelineReducer(state([1, 2], 2), { type: 'visibility', id: 2, valid: false }, view({ staff: true }));
    expect(hidden.entries[1]).toEqual({ id: 2, type: 'reply', valid: false });
    expect(hidden.total).toBe(2);
    const shown = timelineReducer(hidden, { type: 'visibility', id: 2, valid: true }, view({ staff: true }));
    expect(shown.entries[1]!.valid).toBe(true);
  });

  it('puts an entry shown again back in its place for visitors, or only counts it when it belongs on another page', () => {
    const back = timelineReducer(state([1, 3], 2), { type: 'visibility', id: 2, valid: true, entry: entry(2) }, view());
    expect(ids(back)).toEqual([1, 2, 3]);
    expect(back.total).toBe(3);
    // Newest first, on page 1: the entry goes in by id and the page keeps its size.
    const desc = timelineReducer(state([9, 7, 5], 6), { type: 'visibility', id: 8, valid: true, entry: entry(8) }, view({ order: 'desc' }));
    expect(ids(desc)).toEqual([9, 8, 7]);
    // Page 2 of oldest first holds 4..6: entry 2 is on page 1.
    const elsewhere = timelineReducer(state([4, 5, 6], 6), { type: 'visibility', id: 2, valid: true, entry: entry(2) }, view({ page: 2 }));
    expect(ids(elsewhere)).toEqual([4, 5, 6]);
    expect(elsewhere.total).toBe(7);
    // The filter does not show it: nothing moves.
    const s = state([1, 3], 2);
    expect(timelineReducer(s, { type: 'visibility', id: 2, valid: true, entry: entry(2, 'judgement') }, view({ filter: 'comments' }))).toBe(s);
  });

  it('leaves the page alone for entries it does not hold, unless it knows the filter counts them', () => {
    const s = state([1, 2], 2);
    expect(timelineReducer(s, { type: 'visibility', id: 9, valid: false }, view())).toBe(s);
    expect(timelineReducer(s, { type: 'visibility', id: 1, valid: true }, view())).toBe(s);
    expect(timelineReducer(s, { type: 'visibility', id: 9, valid: false, entryType: 'judgement' }, view({ filter: 'comments' }))).toBe(s);
    expect(timelineReducer(s, { type: 'visibility', id: 9, valid: false, entryType: 'judgement' }, view({ staff: true }))).toBe(s);
  });

  it('keeps the count a reload shows through hide and show cycles of an entry on another page', () => {
    // Page 2 of oldest first holds 4..6; entry 2 is on page 1.
    let s = state([4, 5, 6], 6);
    for (let cycle = 0; cycle < 3; cycle++) {
      s = timelineReducer(s, { type: 'visibility', id: 2, valid: false, entryType: 'reply' }, view({ page: 2 }));
      expect(s.total).toBe(5);
      s = timelineReducer(s, { type: 'visibility', id: 2, valid: true, entryType: 'reply', entry: entry(2) }, view({ page: 2 }));
      expect(s.total).toBe(6);
    }
    expect(ids(s)).toEqual([4, 5, 6]);
    // Under a filter that does not list it, the count does not move either way.
    const comments = state([1], 1);
    const hidden = timelineReducer(comments, { type: 'visibility', id: 7, valid: false, entryType: 'judgement' }, view({ filter: 'comments' }));
    expect(timelineReducer(hidden, { type: 'visibility', id: 7, valid: true, entryType: 'judgement', entry: entry(7, 'judgement') }, view({ filter: 'comments' })).total).toBe(1);
  });

  it('counts a hidden entry out once, told twice (the author\'s own hide, then its event) or arrived live on another page', () => {
    const own = timelineReducer(state([1, 2, 3], 3), { type: 'visibility', id: 2, valid: false }, view());
    const told = timelineReducer(own, { type: 'visibility', id: 2, valid: false, entryType: 'reply' }, view());
    expect(told).toMatchObject({ total: 2, entries: [entry(1), entry(3)] });
    const back = timelineReducer(told, { type: 'visibility', id: 2, valid: true, entryType: 'reply', entry: entry(2) }, view());
    expect(back).toMatchObject({ total: 3, entries: [entry(1), entry(2), entry(3)] });
    const unseen = timelineReducer(state([1, 2, 3], 5), { type: 'added', entry: entry(6) }, view());
    const gone = timelineReducer(unseen, { type: 'visibility', id: 6, valid: false, entryType: 'reply' }, view());
    expect(gone).toMatchObject({ total: 5, unseen: [] });
    expect(timelineReducer(gone, { type: 'visibility', id: 6, valid: false, entryType: 'reply' }, view()).total).toBe(5);
  });
});

describe('actionsAfter', () => {
  it('applies on top of a loaded page only what the page does not hold yet: later events and the reader\'s own actions', () => {
    const hide = { type: 'visibility', id: 2, valid: false, entryType: 'reply' } as const;
    const added = { type: 'added', entry: entry(9) } as const;
    const own = { type: 'visibility', id: 3, valid: false } as const;
    expect(actionsAfter([{ action: hide, seq: 7 }, { action: own }, { action: added, seq: 8 }], 7)).toEqual([own, added]);
    // Applied anyway, the hide the page already left out would count the entry out twice.
    const page = state([1, 3], 2);
    expect(actionsAfter([{ action: hide, seq: 7 }], 7).reduce((s, a) => timelineReducer(s, a, view()), page).total).toBe(2);
  });
});
