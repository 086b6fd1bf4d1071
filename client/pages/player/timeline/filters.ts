import type { TimelineSubject } from '@shared/timeline';

/** The timeline's filter choices. */
export const TIMELINE_FILTERS = ['all', 'comments', 'verdicts', 'appeals', 'names'] as const;
export type TimelineFilter = (typeof TIMELINE_FILTERS)[number];

/** The entry types each filter shows; `null` shows every type. */
export const FILTER_SUBJECTS: Record<TimelineFilter, readonly TimelineSubject[] | null> = {
  all: null,
  comments: ['report', 'reply'],
  verdicts: ['judgement', 'verify'],
  appeals: ['banAppeal'],
  names: ['historyUsername'],
};

const isTimelineFilter = (value: unknown): value is TimelineFilter => TIMELINE_FILTERS.includes(value as TimelineFilter);

export function filterShows(filter: TimelineFilter, type: string) {
  const subjects = FILTER_SUBJECTS[filter];
  return subjects === null || subjects.includes(type as TimelineSubject);
}

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
