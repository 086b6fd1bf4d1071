import path from 'node:path';
import { loadConfig } from '@server/config';
import { createServices } from '@server/services';
import { createLogger } from '@server/infra/logger';
import { IMPORT_USAGE, parseCommandOptions } from './options';
import { importBfban } from './run';
import { openSource } from './source';
import { formatOffset, parseZone } from './zone';
import { terminalProgress, duration } from './terminal';
import { printSummary, writeReportFile } from './report';
import { reportOf, refusedCount } from './progress';
import { copyImportedFiles } from './files';
import { recountQuotas } from './finalize/quotas';

export { IMPORT_USAGE };

/** The source server's zone when the operator named none: its own setting, or its offset from UTC now. */
export async function sourceZone(from: string) {
  const src = await openSource(from);
  try {
    // The session was set to UTC: the global zone's offset is asked (`offset` is a reserved word in MariaDB).
    const [g] = await src.query<{ tz: string; offset_minutes: number | null }>(`SELECT @@global.time_zone AS tz, TIMESTAMPDIFF(MINUTE, UTC_TIMESTAMP(), CONVERT_TZ(UTC_TIMESTAMP(), '+00:00', @@global.time_zone)) AS offset_minutes`, []);
    // A named zone without the server's zone tables converts to NULL.
    if (g?.offset_minutes === null || g?.offset_minutes === undefined) throw new Error(`the source server's zone (${g?.tz ?? 'unknown'}) gives no offset: name it with --time-zone, e.g. +08:00`);
    return parseZone(formatOffset(Number(g.offset_minutes)));
  } finally {
    await src.close();
  }
}

/**
 * `npm run cli -- import-bfban ...`: imports the original's database into the one this site is
 * configured for (DATABASE_URL, or the embedded one; its schema is made when empty). Exit code 1
 * when rows were refused (or the import failed), 0 otherwise.
 */
export async function runImportCommand(argv: string[]): Promise<number> {
  const startedAt = Date.now();
  const opts = parseCommandOptions(argv);
  const zone = opts.zone ?? (await sourceZone(opts.from));
  if (!opts.zone) console.log(`--time-zone not given: DATETIME values are read in UTC${zone.name}, the source server's zone now; name the zone the original's server ran in if it differs`);
  // Index builds and recounts over a million rows run longer than a request's statement may.
  const config = { ...loadConfig(), dbStatementTimeoutMs: 0 };
  const services = await createServices(config, { log: createLogger('error') });
  const progress = terminalProgress();
  try {
    const result = await importBfban(
      services.db,
      { from: opts.from, zone, dryRun: opts.dryRun, since: opts.since, embedded: services.database.kind === 'pglite', dropStored: (name) => services.storage.remove(name) },
      progress,
    );
    let issues = result.issues;
    if (!opts.dryRun) {
      if (opts.files) {
        const copy = await copyImportedFiles(services, opts.files, progress);
        await recountQuotas(services.db);
        issues = [...issues, ...copy.failed];
      }
      issues = [...(await reportOf(services.db, result.source)).map((i) => ({ table: i.tableName, key: i.rowKey, column: i.columnName, value: i.value, why: i.why, refused: i.refused })), ...issues.filter((i) => i.why.startsWith('not copied'))];
    }
    printSummary(result, issues, (l) => console.log(l));
    const file = path.join(config.dataDir, `bfban-import-report${opts.dryRun ? '-dry-run' : ''}.csv`);
    writeReportFile(file, issues);
    const refused = opts.dryRun ? result.refused : await refusedCount(services.db, result.source);
    console.log(`\nreport: ${file} (${issues.length} lines${opts.dryRun && result.issueCount > issues.length ? ` of ${result.issueCount}` : ''})`);
    console.log(`${opts.dryRun ? 'dry run' : 'import'} ${refused ? `ended with ${refused} refused rows` : 'ended: no row refused'} in ${duration((Date.now() - startedAt) / 1000)}`);
    return refused ? 1 : 0;
  } finally {
    await services.close();
  }
}
