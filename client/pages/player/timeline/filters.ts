import type { TimelineSubject } from '@shared/timeline';
import type { TimelineFilter } from '@client/state/timelineFilter';

/** The entry types each filter shows; `null` shows every type. */
export const FILTER_SUBJECTS: Record<TimelineFilter, readonly TimelineSubject[] | null> = {
  all: null,
  comments: ['report', 'reply'],
  verdicts: ['judgement', 'verify'],
  appeals: ['banAppeal'],
  names: ['historyUsername'],
};

export function filterShows(filter: TimelineFilter, type: string) {
  const subjects = FILTER_SUBJECTS[filter];
  return subjects === null || subjects.includes(type as TimelineSubject);
}
