import { describe, expect, it } from 'vitest';
import type { ActivityItem } from '@shared/types/cases';
import { prependActivity } from './activityFeed';

const item = (type: ActivityItem['type'], id: number) => ({ type, id, createTime: '2026-01-01T00:00:00.000Z' }) as ActivityItem;

describe('prependActivity', () => {
  it('puts a new line on top', () => {
    expect(prependActivity([item('report', 1)], item('judgement', 2), 10)).toEqual([item('judgement', 2), item('report', 1)]);
  });

  it('adds a line once, however often it arrives', () => {
    const feed = [item('report', 1)];
    expect(prependActivity(feed, item('report', 1), 10)).toBe(feed);
  });

  it('tells a registration from a report with the same id', () => {
    expect(prependActivity([item('report', 7)], item('register', 7), 10)).toHaveLength(2);
  });

  it('keeps the newest lines only', () => {
    const feed = [item('report', 2), item('report', 1)];
    expect(prependActivity(feed, item('report', 3), 2)).toEqual([item('report', 3), item('report', 2)]);
  });
});
