import { allOf, notMuted, rules } from '@shared/policy';

/** A muted account's report keeps the original's answer (`report.bad`, which its clients read); the message says until when. */
export const reportPolicy = {
  report: allOf('report', rules.canSubmit, notMuted('report.bad', 403)),
  reportById: allOf('reportById', rules.canSubmit, notMuted('reportById.bad', 403)),
};
