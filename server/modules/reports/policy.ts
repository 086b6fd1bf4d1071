import { allOf, notMuted, rules } from '@shared/policy';

export const reportPolicy = {
  report: allOf('report', rules.canSubmit, notMuted('report.bad', 403)),
  reportById: allOf('reportById', rules.canSubmit, notMuted('reportById.bad', 403)),
};
