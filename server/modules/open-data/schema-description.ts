import { CASE_STATUS_NAMES } from '@shared/games';
import { JUDGE_ACTIONS } from '@shared/judgement';
import { DUMP_FILES } from '@shared/open-data';
import { CSV_COLUMNS } from './csv';

const FIELDS = {
  dbId: 'integer: the case number on this site',
  personaId: 'string: the player’s persona id on the game platform',
  userId: 'string: the player’s user id on the game platform',
  name: 'string: the player’s current public name',
  games: 'string[]: games the player was reported in',
  cheatMethods: 'string[]: cheat methods reported',
  status: `integer: the case status (${Object.entries(CASE_STATUS_NAMES)
    .map(([n, name]) => `${n} ${name}`)
    .join(', ')})`,
  hackerLevel: 'integer 1-4 or null: threat level, only while confirmed (status 1)',
  createTime: 'string: ISO 8601 time the case was opened',
  updateTime: 'string: ISO 8601 time the case last changed',
  statusTime: 'string: ISO 8601 time the case got its current status',
  verdicts: `object: how many judgements of each kind (${JUDGE_ACTIONS.join(', ')}) the case received; kinds with none are left out`,
  names: 'array of {name, fromTime, toTime}: the player’s earlier public names, oldest first',
} as const;

/** The description published with every dump: what each file holds and what each field means. */
export function schemaDescription(day: string) {
  return {
    title: 'Tribunal open data: public case data',
    day,
    files: {
      [DUMP_FILES.ndjson]: 'gzip of UTF-8 NDJSON: one JSON object per line, one line per listed case, by dbId',
      [DUMP_FILES.csv]: 'gzip of UTF-8 CSV (RFC 4180, CRLF line ends) with a header row, one row per listed case, by dbId',
    },
    fields: FIELDS,
    csvColumns: CSV_COLUMNS.map((c) => ({ column: c, meaning: c.startsWith('verdicts.') ? `integer: judgements of kind ${c.slice(9)}` : c === 'names' ? `${FIELDS.names} (as JSON)` : c === 'games' || c === 'cheatMethods' ? `${FIELDS[c]} (joined by ;)` : FIELDS[c as keyof typeof FIELDS] })),
    excluded: 'No data of the site’s members (reporters, judges, their accounts) and no hidden cases: only the reported players’ public facts.',
    integrity: 'GET /api/dumps lists each file’s size and SHA-256.',
  };
}
