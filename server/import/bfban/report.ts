import fs from 'node:fs';
import type { Issue } from './issues';
import type { ImportResult, TableResult } from './run';

const csv = (v: string | null) => (v === null ? '' : /[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** The whole report as CSV: table, id, column, value, why, and whether the row was left out. */
export function writeReportFile(file: string, issues: Iterable<Issue>) {
  const lines = ['table,id,column,value,why,refused'];
  for (const i of issues) lines.push([i.table, i.key, i.column, i.value, i.why, i.refused ? 'refused' : 'kept'].map(csv).join(','));
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
}

/** A run that continued a stopped one counts both: said so where the earlier run read rows. */
const earlierNote = (t: TableResult) =>
  !t.earlier ? '' : t.earlier === t.read ? '  done in an earlier run' : `  ${t.earlier.toLocaleString('en-US')} read in an earlier run`;

/** The summary at the end: per table, then the report grouped by what happened, with a few rows each. */
export function printSummary(result: ImportResult, issues: readonly Issue[], out: (line: string) => void) {
  out('');
  out(`${'table'.padEnd(15)} ${'read'.padStart(10)} ${'written'.padStart(10)} ${'adjusted'.padStart(9)} ${'skipped'.padStart(8)} ${'refused'.padStart(8)} ${'deleted'.padStart(8)}`);
  for (const t of result.tables) {
    out(`${t.table.padEnd(15)} ${t.read.toLocaleString('en-US').padStart(10)} ${t.written.toLocaleString('en-US').padStart(10)} ${String(t.adjusted).padStart(9)} ${String(t.skipped).padStart(8)} ${String(t.refused).padStart(8)} ${String(t.deleted).padStart(8)}${earlierNote(t)}`);
  }
  const groups = new Map<string, Issue[]>();
  for (const i of issues) {
    const k = `${i.refused ? 'REFUSED' : 'kept   '} ${i.table}.${i.column}: ${i.why}`;
    groups.set(k, [...(groups.get(k) ?? []), i]);
  }
  if (!groups.size) return out('\nnothing to report: every row mapped as it was');
  out('\nreport (table.column: why — rows):');
  for (const [k, list] of [...groups].sort()) {
    const sample = list.slice(0, 5).map((i) => `#${i.key}${i.value === null ? '' : ` ${JSON.stringify(i.value).slice(0, 60)}`}`).join(', ');
    out(`  ${k} — ${list.length}: ${sample}${list.length > 5 ? ', …' : ''}`);
  }
}
