import type { CaseRecord, NameHistoryItem } from '@shared/types/cases';
import type { PlayerRow } from '@server/db/schema';

/** The case record of the wire (docs/api-compatibility.md#ids-dates-and-numbers): ids as strings, dates as ISO, level only while confirmed. */
export function presentCase(row: PlayerRow): CaseRecord {
  return {
    id: row.id,
    originName: row.originName,
    originUserId: row.originUserId,
    originPersonaId: row.originPersonaId,
    avatarLink: row.avatarLink,
    games: row.games,
    cheatMethods: row.cheatMethods,
    status: row.status,
    hackerLevel: row.status === 1 ? row.hackerLevel : null,
    appealStatus: row.appealStatus,
    viewNum: row.viewNum,
    commentsNum: row.commentsNum,
    createTime: row.createTime.toISOString(),
    updateTime: row.updateTime.toISOString(),
  };
}

/** An instant as PostgreSQL wrote it (or a Date), as the wire's ISO string. */
const isoOf = (v: unknown) => new Date(v as string | Date).toISOString();

/**
 * `presentCase` for a raw `players` row (column names, timestamps as PostgreSQL writes them): the
 * lists present many rows, and skip drizzle's per-column mapping this way.
 */
export function presentCaseColumns(r: Record<string, unknown>): CaseRecord {
  return {
    id: r.id as number,
    originName: r.origin_name as string,
    originUserId: r.origin_user_id as string,
    originPersonaId: r.origin_persona_id as string,
    avatarLink: r.avatar_link as string | null,
    games: r.games as string[],
    cheatMethods: r.cheat_methods as string[],
    status: r.status as number,
    hackerLevel: r.status === 1 ? (r.hacker_level as number | null) : null,
    appealStatus: r.appeal_status as string | null,
    viewNum: r.view_num as number,
    commentsNum: r.comments_num as number,
    createTime: isoOf(r.create_time),
    updateTime: isoOf(r.update_time),
  };
}

export function presentHistory(rows: Array<{ originName: string; fromTime: Date; toTime: Date }>): NameHistoryItem[] {
  return rows.map((r) => ({ originName: r.originName, fromTime: r.fromTime.toISOString(), toTime: r.toTime.toISOString() }));
}
