/** The timeline's filter choices. */
export const TIMELINE_FILTERS = ['all', 'comments', 'verdicts', 'appeals', 'names'] as const;
export type TimelineFilter = (typeof TIMELINE_FILTERS)[number];

const isTimelineFilter = (value: unknown): value is TimelineFilter => TIMELINE_FILTERS.includes(value as TimelineFilter);

const STORAGE_KEY = 'tribunal:timelineFilter';

/** The filter chosen last in this browser (a local setting). */
export function savedFilter(): TimelineFilter {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isTimelineFilter(value) ? value : 'all';
  } catch {
    return 'all';
  }
}

export function saveFilter(filter: TimelineFilter) {
  try {
    localStorage.setItem(STORAGE_KEY, filter);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
}
