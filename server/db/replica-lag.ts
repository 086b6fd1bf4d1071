/** A WAL position (`pg_lsn`, written `16/B374D848`) as a number that compares. */
export function parseLsn(text: string): bigint {
  const match = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(text);
  if (!match) throw new Error(`not a WAL position: ${text}`);
  return (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`);
}

interface Sample {
  at: number;
  lsn: bigint;
}

/**
 * How far behind the primary a replica's data is, in time. The primary's WAL position is sampled at
 * each health check; a replica that has replayed up to the position the primary had at time T holds
 * everything committed before T, so its lag is at most `now - T` for the newest such sample (0 when
 * it has replayed the newest one). Measured against the primary, not the replica's own clock of its
 * last replayed transaction: a replica whose stream stopped looks idle, not current, and a primary
 * without writes makes no replica look late.
 */
export class LagClock {
  private samples: Sample[] = [];

  /** `keepMs`: how far back samples are kept; a replica older than all of them is at least that late. */
  constructor(private readonly keepMs: number) {}

  /** Records the primary's position at `at` (ms). */
  sample(lsn: bigint, at: number) {
    const last = this.samples.at(-1);
    // Only a move matters: the first time the primary was at a position is when it was reached.
    if (!last || lsn > last.lsn) this.samples.push({ at, lsn });
    while (this.samples.length > 1 && this.samples[1]!.at <= at - this.keepMs) this.samples.shift();
  }

  /** The lag (ms) of a replica that has replayed up to `replayed`, at `now`; Infinity when unknown (no sample, or older than all). */
  lagOf(replayed: bigint, now: number): number {
    const newest = this.samples.at(-1);
    if (!newest) return Infinity;
    if (replayed >= newest.lsn) return 0;
    // The first sample past the replica's position: the primary reached it and the replica has not.
    for (let i = this.samples.length - 1; i > 0; i--) {
      if (this.samples[i - 1]!.lsn <= replayed) return Math.max(0, now - this.samples[i]!.at);
    }
    return Infinity;
  }
}
