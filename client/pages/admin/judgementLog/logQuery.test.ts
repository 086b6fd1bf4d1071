import { describe, expect, it } from 'vitest';
import { DEFAULT_LOG, formOf, isFiltered, logQueryString, parseLogQuery, readLogForm, toLogBody } from './logQuery';

const parse = (query: string) => parseLogQuery(new URLSearchParams(query));

describe('judgement log URL', () => {
  it('is empty for the defaults and reads every filter', () => {
    expect(parse('')).toEqual(DEFAULT_LOG);
    expect(logQueryString(DEFAULT_LOG)).toBe('');
    expect(parse('user=Judge_Amy&userId=7&case=42&from=2026-01-01&to=2026-01-31&page=3')).toEqual({
      user: 'Judge_Amy',
      userId: 7,
      caseId: 42,
      from: '2026-01-01',
      to: '2026-01-31',
      page: 3,
    });
  });

  it('drops what it cannot use', () => {
    expect(parse('user=%20%20&userId=0&case=abc&from=yesterday&to=2026-02-30x&page=-1')).toEqual(DEFAULT_LOG);
    expect(parse(`user=${'a'.repeat(41)}`)).toEqual(DEFAULT_LOG);
    expect(parse('case=99999999999&page=1.5')).toEqual(DEFAULT_LOG);
    expect(parse('user=%20Amy%20').user).toBe('Amy');
  });

  it('round-trips, page 1 left out', () => {
    const state = { user: 'Amy Lee', caseId: 12, from: '2026-03-01', page: 2 };
    expect(logQueryString(state)).toBe('user=Amy+Lee&case=12&from=2026-03-01&page=2');
    expect(parse(logQueryString(state))).toEqual(state);
    expect(logQueryString({ ...state, page: 1 })).not.toContain('page');
    expect(isFiltered({ page: 4 })).toBe(false);
    expect(isFiltered({ page: 1, caseId: 3 })).toBe(true);
  });
});

describe('judgement log request body', () => {
  it('pages by 20 and sends only the filters that are set', () => {
    expect(toLogBody(DEFAULT_LOG)).toEqual({ skip: 0, limit: 20 });
    expect(toLogBody({ page: 3, user: 'Amy', caseId: 42 })).toEqual({ skip: 40, limit: 20, userName: 'Amy', dbId: 42 });
    expect(toLogBody({ page: 1, userId: 7 })).toEqual({ skip: 0, limit: 20, userId: 7 });
  });

  it('turns the days into whole local days', () => {
    const body = toLogBody({ page: 1, from: '2026-01-10', to: '2026-01-31' });
    expect(body.createTimeFrom).toBe(new Date(2026, 0, 10).getTime());
    expect(body.createTimeTo).toBe(new Date(2026, 1, 1).getTime() - 1);
  });

  it('takes the URL to the body in one go', () => {
    expect(toLogBody(parse('user=Amy&case=5&page=2'))).toEqual({ skip: 20, limit: 20, userName: 'Amy', dbId: 5 });
  });
});

describe('judgement log filter form', () => {
  it('shows the state and reads it back on page 1', () => {
    const state = { user: 'Amy', caseId: 9, from: '2026-01-01', to: '2026-01-02', page: 4 };
    expect(formOf(state)).toEqual({ user: 'Amy', caseId: '9', from: '2026-01-01', to: '2026-01-02' });
    expect(readLogForm(formOf(state), state)).toEqual({ state: { ...state, page: 1 } });
    expect(formOf(DEFAULT_LOG)).toEqual({ user: '', caseId: '', from: '', to: '' });
  });

  it('trims, and takes a case number written as #12', () => {
    expect(readLogForm({ user: '  Amy ', caseId: ' #12 ', from: '', to: '' }, DEFAULT_LOG)).toEqual({ state: { page: 1, user: 'Amy', caseId: 12 } });
  });

  it('keeps an admin id from a link until a name is typed', () => {
    const current = { page: 2, userId: 7 };
    expect(readLogForm({ user: '', caseId: '', from: '', to: '' }, current)).toEqual({ state: { page: 1, userId: 7 } });
    expect(readLogForm({ user: 'Bo', caseId: '', from: '', to: '' }, current)).toEqual({ state: { page: 1, user: 'Bo' } });
  });

  it('names what is wrong', () => {
    expect(readLogForm({ user: 'x'.repeat(41), caseId: 'case 5', from: '2026-02-01', to: '2026-01-01' }, DEFAULT_LOG)).toEqual({
      errors: { user: 'userTooLong', caseId: 'caseId', to: 'range' },
    });
    expect(readLogForm({ user: '', caseId: '0', from: '', to: '' }, DEFAULT_LOG)).toEqual({ errors: { caseId: 'caseId' } });
  });
});
