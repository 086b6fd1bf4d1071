import { allOf, notMuted, rules } from '@shared/policy';

export const toolsPolicy = {
  /** Submitting a tool: may write on the site (not locked, bound unless staff or a bot), not muted. */
  submit: allOf('submitTool', rules.canSubmit, notMuted('toolSubmit.muted')),
  /** Reviewing and editing the directory: staff (admin level 1 and up). */
  review: rules.staff,
};
