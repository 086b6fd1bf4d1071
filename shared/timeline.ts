/** Timeline entry types, and the filters of the case page. */
export const TIMELINE_SUBJECTS = ['report', 'reply', 'judgement', 'banAppeal', 'verify', 'historyUsername'] as const;
export type TimelineSubject = (typeof TIMELINE_SUBJECTS)[number];

/** Statuses a new report reopens to 0, as on the original site: 2, 3, 4, 5, 7, 8; 0, 1, 6, 9 stay. */
const REOPENED_BY_REPORT: readonly number[] = [2, 3, 4, 5, 7, 8];
export const statusAfterReport = (status: number | null) => (status === null ? 0 : REOPENED_BY_REPORT.includes(status) ? 0 : status);
