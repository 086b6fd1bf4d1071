import { describe, expect, it } from 'vitest';
import { filterSearch, readFilters, toApiQuery, type FilterDef } from './recordQuery';

const defs: FilterDef[] = [
  { name: 'actorId', label: 'Actor', kind: 'number' },
  { name: 'action', label: 'Action', kind: 'text' },
  { name: 'from', label: 'From', kind: 'day' },
  { name: 'to', label: 'To', kind: 'day' },
];

describe('record filters', () => {
  it('round-trips through the URL and leaves empty values and page 1 out', () => {
    const search = filterSearch({ actorId: '7', action: ' sendMessage ', from: '', to: '' }, 3);
    expect(search).toBe('?actorId=7&action=sendMessage&page=3');
    expect(readFilters(new URLSearchParams(search), defs)).toEqual({ values: { actorId: '7', action: 'sendMessage', from: '', to: '' }, page: 3 });
    expect(filterSearch({ actorId: '', action: '' })).toBe('');
    expect(readFilters(new URLSearchParams('page=-4'), defs).page).toBe(1);
  });

  it('turns days into a UTC window with both days included, and drops bad numbers', () => {
    const q = toApiQuery({ actorId: 'x1', action: 'deleteFile', from: '2026-01-02', to: '2026-01-02' }, defs, 2, 20);
    expect(q).toEqual({ skip: 20, limit: 20, action: 'deleteFile', createTimeFrom: Date.UTC(2026, 0, 2), createTimeTo: Date.UTC(2026, 0, 3) - 1 });
    expect(toApiQuery({ actorId: '12', action: '', from: 'yesterday', to: '' }, defs, 1, 50)).toEqual({ skip: 0, limit: 50, actorId: 12 });
  });
});
