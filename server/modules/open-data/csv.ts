import { JUDGE_ACTIONS } from '@shared/judgement';
import type { PublicCase } from './rows';

/** The CSV's columns, in order: one per verdict kind, lists joined by `;`, earlier names as JSON. */
export const CSV_COLUMNS = [
  'dbId',
  'personaId',
  'userId',
  'name',
  'games',
  'cheatMethods',
  'status',
  'hackerLevel',
  'createTime',
  'updateTime',
  'statusTime',
  ...JUDGE_ACTIONS.map((a) => `verdicts.${a}`),
  'names',
] as const;

/** A field as RFC 4180 writes it: quoted when it holds a comma, a quote or a line break. */
const field = (value: string | number | null) => {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export const csvHeader = () => `${CSV_COLUMNS.join(',')}\r\n`;

export function csvLine(c: PublicCase): string {
  const values = [
    c.dbId,
    c.personaId,
    c.userId,
    c.name,
    c.games.join(';'),
    c.cheatMethods.join(';'),
    c.status,
    c.hackerLevel,
    c.createTime,
    c.updateTime,
    c.statusTime,
    ...JUDGE_ACTIONS.map((a) => c.verdicts[a] ?? 0),
    JSON.stringify(c.names),
  ];
  return `${values.map(field).join(',')}\r\n`;
}
