import type { CaseChangeSubscriber } from '@server/core/case-changes';

/** Reporters of a newly confirmed case may reach a report level: a job grants it and tells them. */
export const reportLevelsFollowConfirmations: CaseChangeSubscriber = ({ services, r, before, after }) => {
  if (after.status === 1 && before.status !== 1) r.afterCommit(() => services.jobs.enqueue('achievements.caseConfirmed', { playerId: after.id }));
};
