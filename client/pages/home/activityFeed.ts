import type { ActivityItem } from '@shared/types/cases';

/** Feed lines are told apart by type and id (a registration's id is the user's, a report's the entry's). */
export const activityKey = (item: ActivityItem) => `${item.type}:${item.id}`;

/** A live line goes on top, once, and the feed keeps its newest `max` lines. */
export function prependActivity(feed: readonly ActivityItem[], item: ActivityItem, max: number): readonly ActivityItem[] {
  const key = activityKey(item);
  if (feed.some((f) => activityKey(f) === key)) return feed;
  return [item, ...feed].slice(0, max);
}
