import { describe, expect, it } from 'vitest';
import { printSummary } from './report';
import type { ImportResult, TableResult } from './run';

const table = (name: string, read: number, earlier: number): TableResult => ({ table: name, read, written: read, refused: 0, skipped: 0, adjusted: 1, deleted: 0, earlier });

describe('the summary of a run that continued a stopped one', () => {
  it("counts the pass's rows, and says which tables or rows an earlier run read", () => {
    const result: ImportResult = { source: 's', tables: [table('players', 249, 249), table('comments', 1_217, 250), table('messages', 300, 0)], issues: [], issueCount: 0, refused: 0, stoppedEarly: false };
    const lines: string[] = [];
    printSummary(result, [], (l) => lines.push(l));
    const row = (name: string) => lines.find((l) => l.startsWith(`${name} `))!;
    expect(row('players')).toMatch(/ 249 +249 .* done in an earlier run$/);
    expect(row('comments')).toMatch(/ 1,217 +1,217 .* 250 read in an earlier run$/);
    expect(row('messages')).toMatch(/ 300 +300 +1 +0 +0 +0$/);
  });
});
