/** The faults bench's figures: per phase, from the load generator's records and what the database holds. */
import type { LoadReport, RequestRecord } from './load';

export interface Phase {
  name: string;
  /** The fault starts (or, for the baseline, the window starts). */
  injectedAt: number;
  /** The fault is removed: the part is back. */
  removedAt: number;
  /** The window ends where the next phase starts. */
  endAt: number;
}

export interface PhaseFigures {
  name: string;
  sent: number;
  ok: number;
  clear: Record<string, number>;
  noEnvelope: number;
  writesAccepted: number;
  writesLost: number;
  duplicates: number;
  storedUnacknowledged: number;
  eventsLost: number;
  holesSeen: number;
  firstWriteOkMs: number | null;
  errorsEndMs: number | null;
}

const is2xx = (r: RequestRecord) => r.status >= 200 && r.status < 300;

/**
 * `stored`: how many times each marker is in the database. Events lost: an accepted write a watcher
 * of its case never saw (counted per watcher). Recovery: from the fault's removal to the first 2xx
 * write sent after it, and to the end of the last failed request (any kind) sent after it that
 * ended inside the window.
 */
export function phaseFigures(phase: Phase, load: LoadReport, stored: Map<string, number>): PhaseFigures {
  const inPhase = load.requests.filter((r) => r.t0 >= phase.injectedAt && r.t0 < phase.endAt);
  const clear: Record<string, number> = {};
  let noEnvelope = 0;
  for (const r of inPhase) {
    if (is2xx(r)) continue;
    if (r.status && r.code) clear[`${r.status} ${r.code}`] = (clear[`${r.status} ${r.code}`] ?? 0) + 1;
    else noEnvelope++;
  }
  const writes = inPhase.filter((r) => r.kind === 'write');
  const accepted = writes.filter(is2xx);
  const seenBy = load.watchers.map((w) => ({ caseId: w.caseId, ids: new Set(w.ids) }));
  let eventsLost = 0;
  for (const w of accepted) for (const watcher of seenBy) if (watcher.caseId === w.caseId && !watcher.ids.has(w.id!)) eventsLost++;
  const after = inPhase.filter((r) => r.t0 >= phase.removedAt);
  const firstOk = after.find((r) => r.kind === 'write' && is2xx(r));
  // A request still in flight when the window ends met the next fault: it does not count against this one's recovery.
  const failedAfter = after.filter((r) => !is2xx(r) && r.t1 <= phase.endAt);
  return {
    name: phase.name,
    sent: inPhase.length,
    ok: inPhase.filter(is2xx).length,
    clear,
    noEnvelope,
    writesAccepted: accepted.length,
    writesLost: accepted.filter((w) => !stored.get(w.marker!)).length,
    duplicates: writes.filter((w) => (stored.get(w.marker!) ?? 0) > 1).length,
    storedUnacknowledged: writes.filter((w) => !is2xx(w) && stored.get(w.marker!)).length,
    eventsLost,
    holesSeen: load.watchers.reduce((n, w) => n + w.gaps.filter((g) => g.t >= phase.injectedAt && g.t < phase.endAt).length, 0),
    firstWriteOkMs: firstOk ? Math.max(0, firstOk.t1 - phase.removedAt) : null,
    errorsEndMs: failedAfter.length ? Math.max(...failedAfter.map((r) => r.t1)) - phase.removedAt : 0,
  };
}

const secs = (x: number | null) => (x === null ? 'never' : `${(x / 1000).toFixed(1)} s`);

export function figuresTable(rows: PhaseFigures[]) {
  const head =
    '| phase | requests | 2xx | clear errors (status code: n) | no envelope | writes accepted | accepted lost | duplicates | stored, not acknowledged | events lost | seq holes seen (then filled by re-join) | removed → first 2xx write | removed → errors end |';
  const rule = `|${' --- |'.repeat(13)}`;
  const lines = rows.map((r) =>
    [
      r.name,
      r.sent,
      r.ok,
      Object.entries(r.clear)
        .map(([k, v]) => `${k}: ${v}`)
        .join('<br>') || '–',
      r.noEnvelope,
      r.writesAccepted,
      r.writesLost,
      r.duplicates,
      r.storedUnacknowledged,
      r.eventsLost,
      r.holesSeen,
      secs(r.firstWriteOkMs),
      secs(r.errorsEndMs),
    ].join(' | '),
  );
  return [head, rule, ...lines.map((l) => `| ${l} |`)].join('\n');
}
