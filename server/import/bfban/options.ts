import { parseArgs } from 'node:util';
import { parseZone, type Zone } from './zone';

export interface CommandOptions {
  from: string;
  /** Null: the source server's own zone (it is asked, and the answer printed). */
  zone: Zone | null;
  files: string | null;
  dryRun: boolean;
  since: Date | null;
}

export const IMPORT_USAGE = `import-bfban --from mysql://user:pass@host:3306/bfban [--time-zone +08:00] [--files <dir or https base>] [--dry-run] [--since <time>]`;

/** `--since`: an ISO time, epoch milliseconds, or a wall-clock time of the source's zone (`2025-06-01 18:00:00`). */
export function parseSince(value: string, zone: Zone | null): Date {
  if (/^\d{12,14}$/.test(value)) return new Date(Number(value));
  const wall = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/.test(value) && zone ? zone.instant(value.length === 16 ? `${value}:00` : value) : null;
  const at = wall ?? new Date(value);
  if (Number.isNaN(at.getTime())) throw new Error(`--since ${value}: not a time (ISO 8601, epoch ms, or YYYY-MM-DD HH:mm:ss in the --time-zone)`);
  return at;
}

export function parseCommandOptions(argv: string[]): CommandOptions {
  const { values } = parseArgs({
    args: argv,
    allowPositionals: false,
    options: { from: { type: 'string' }, 'time-zone': { type: 'string' }, files: { type: 'string' }, 'dry-run': { type: 'boolean' }, since: { type: 'string' } },
  });
  if (!values.from) throw new Error(`--from is required: ${IMPORT_USAGE}`);
  const zone = values['time-zone'] ? parseZone(values['time-zone']) : null;
  const files = values.files ?? null;
  if (files && /^[a-z][a-z0-9+.-]*:\/\//i.test(files) && !/^https:\/\//i.test(files)) throw new Error('--files takes a directory or an https:// base');
  return { from: values.from, zone, files, dryRun: !!values['dry-run'], since: values.since ? parseSince(values.since, zone) : null };
}
