/**
 * The read path's targets, set for 1,000,000 cases: requests/s as a ratio to the bare
 * `node:http` hello-world of the same run, and p99 latency. Printed beside every row at any size.
 */
export interface Target {
  /** Requests/s at least this share of the bare hello-world's. */
  minRatio?: number;
  /** p99 latency at most this, ms. */
  maxP99?: number;
}

export const TARGETS = {
  popularCase: { minRatio: 0.25 },
  anyCase: { minRatio: 0.18, maxP99: 20 },
  casePage: { minRatio: 0.15 },
  deepList: { minRatio: 0.08, maxP99: 50 },
  search: { maxP99: 30 },
  writeMix: { minRatio: 0.15, maxP99: 40 },
} satisfies Record<string, Target>;

/** The serving process's peak resident memory over the whole run, MB. */
export const RSS_TARGET_MB = 300;

const describe = (t: Target) => [t.minRatio !== undefined && `≥ ${t.minRatio}`, t.maxP99 !== undefined && `p99 ≤ ${t.maxP99} ms`].filter(Boolean).join(', ');

/** "met (≥ 0.25)" or "not met (≥ 0.18, p99 ≤ 20 ms: p99 31.2)": what was missed, by how much. */
export function verdict(target: Target | undefined, ratio: number, p99: number): string {
  if (!target) return '';
  const missed = [
    target.minRatio !== undefined && !(ratio >= target.minRatio) && `ratio ${ratio.toFixed(3)}`,
    target.maxP99 !== undefined && !(p99 <= target.maxP99) && `p99 ${p99.toFixed(1)}`,
  ].filter(Boolean);
  return missed.length ? `not met (${describe(target)}: ${missed.join(', ')})` : `met (${describe(target)})`;
}
