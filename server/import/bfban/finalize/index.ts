import { sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import type { Progress } from '../terminal';
import { reserveIds } from '../id-ranges';
import { recountCases } from './counters';
import { settleAppeals } from './appeals';
import { addCurrentNames } from './names';
import { recountStatistics } from './statistics';
import { recountQuotas } from './quotas';
import { grantEarnedAchievements } from './achievements';
import { syncNameGames } from '../bulk-mode';
import { syncCaseViewOrder } from './view-order';

export interface FinalizeInput {
  source: string;
  /** When the first pass started (status times count from it). */
  firstImport: Date;
  /** The source's highest ids this pass read up to, per table. */
  ceilings: ReadonlyMap<string, number>;
  /** Builds the indexes a first load left out (`deferred-indexes.ts`); nothing when none are. */
  buildIndexes(): Promise<void>;
}

/**
 * After the rows: everything Tribunal derives from them is worked out again from the data
 * (recounted, not trusted), each step writing only what differs, so a second run changes nothing.
 */
export async function finalizeImport(db: Db, input: FinalizeInput, progress: Progress) {
  const { firstImport } = input;
  const step = async (what: string, work: () => Promise<unknown>) => {
    const t = Date.now();
    const out = await work();
    progress.note(`  ${what} (${((Date.now() - t) / 1000).toFixed(1)} s)${typeof out === 'number' && out ? `: ${out}` : ''}`);
  };
  progress.note('recounting what the data decides:');
  // The recounts below join the loaded tables: planned on their real sizes, not on the empty tables' guesses.
  await step('planner statistics of the loaded tables', () => db.execute(sql`analyze players, name_history, timeline, users, messages, files`));
  // Every case changes here: before the indexes a first load left out (one sorted build, not 200,000 updates of each).
  await step('cases: reply counts and status times', () => recountCases(db, firstImport));
  await input.buildIndexes();
  // Before the names below: the ones this import adds take ids of this site's own range.
  await step("id sequences: this site's rows start a margin above the imported ids", () => reserveIds(db, input.source, input.ceilings));
  await step('appeals: status before, outcome, case appeal state', () => settleAppeals(db));
  await step('current names added to the search history', () => addCurrentNames(db));
  await step("names carry their case's games", () => syncNameGames(db));
  await step('the order of cases by views', () => syncCaseViewOrder(db));
  await step('statistics: case counts and daily totals', () => recountStatistics(db));
  await step('media quotas: storage used', () => recountQuotas(db));
  await step('report achievements earned by the data', () => grantEarnedAchievements(db, firstImport));
  // The planner's statistics of the loaded tables, so the site's first queries are planned on them.
  await step('planner statistics', () => db.execute(sql`analyze players, name_history, timeline, users, messages`));
}
