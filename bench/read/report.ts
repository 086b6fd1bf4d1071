/** The read bench's tables: printed, and as its section of bench/RESULTS.md. */
import type { Measured } from './load';
import type { Row } from './rows';
import { RSS_TARGET_MB, verdict } from './targets';

export interface RowResult {
  row: Row;
  m: Measured;
}

const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '-');

/** The main table: one line per row, ratios to both hello-worlds of the same run (`bare`: its req/s), the row's target. */
export function mainTable(results: RowResult[], bare: number): string[][] {
  const express = results.find((r) => r.row.server === 'express')?.m.counted.perSecond ?? NaN;
  return results.map(({ row, m }) => {
    const s = m.counted;
    return [
      row.name,
      s.perSecond.toFixed(0),
      (s.perSecond / bare).toFixed(3),
      (s.perSecond / express).toFixed(3),
      ms(s.p50),
      ms(s.p99),
      String(s.failed + m.errors),
      m.rssMb.toFixed(0),
      m.cpuUs.toFixed(0),
      m.dbCpuUs.toFixed(0),
      m.bytesPerAnswer.toFixed(0),
      verdict(row.target, s.perSecond / bare, s.p99),
    ];
  });
}
export const MAIN_HEADER = ['scenario', 'req/s', '÷ node:http', '÷ Express', 'p50 ms', 'p99 ms', 'errors', 'server RSS MB', 'server CPU µs/req', 'PostgreSQL CPU µs/req', 'bytes/answer', 'target at 1M cases'];

/** Each kind of request of the rows made of several (a page load; reads beside replies). */
export function detailTable(results: RowResult[]): string[][] {
  return results
    .filter(({ m }) => m.byLabel.size > 1)
    .flatMap(({ row, m }) => [...m.byLabel].map(([label, s]) => [row.name, label, s.perSecond.toFixed(0), ms(s.p50), ms(s.p99), String(s.failed)]));
}
export const DETAIL_HEADER = ['scenario', 'request', 'per s', 'p50 ms', 'p99 ms', 'non-2xx'];

/** The server's peak RSS over every row it served, against its target. */
export function rssLine(results: RowResult[]): string {
  const peak = Math.max(...results.filter((r) => r.row.server === 'app').map((r) => r.m.rssMb));
  return `Server RSS, peak over every row: ${peak.toFixed(0)} MB: ${peak <= RSS_TARGET_MB ? 'met' : 'not met'} (≤ ${RSS_TARGET_MB} MB).`;
}

export function markdownTable(header: string[], rows: string[][]): string[] {
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)];
}

export function printTable(header: string[], rows: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (/^[\d.-]+$/.test(c) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ');
  console.log([line(header), ...rows.map(line)].join('\n'));
}
