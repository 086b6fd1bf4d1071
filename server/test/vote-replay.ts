import { confirmingVoters, PERSONS_TO_CONFIRM, statusAfterJudgement, type JudgeAction } from '@shared/judgement';

export interface CommittedVote {
  action: string | null;
  byUserId: number | null;
}

/**
 * Where a case must stand after `votes` (in the order the server committed them, oldest first)
 * starting from `statusBefore`: its status and the tally's voters (newest first, as `tallyOf` lists
 * them; none unless the case waits for votes). The rules of shared/judgement.ts, replayed serially.
 */
export function replayVotes(statusBefore: number, votes: readonly CommittedVote[]): { status: number; voters: number[] } {
  let status = statusBefore;
  votes.forEach((v, i) => {
    const newestFirst = votes.slice(0, i + 1).reverse();
    status = statusAfterJudgement(status, v.action as JudgeAction, confirmingVoters(newestFirst).length >= PERSONS_TO_CONFIRM);
  });
  return { status, voters: status === 6 ? confirmingVoters([...votes].reverse()) : [] };
}
