import type { CaseRecord, NameHistoryItem } from '@shared/types/cases';
import type { PlayerRow } from '@server/db/schema';

/** The case record of the wire (reference §3.2): ids as strings, dates as ISO, level only while confirmed. */
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

export function presentHistory(rows: Array<{ originName: string; fromTime: Date; toTime: Date }>): NameHistoryItem[] {
  return rows.map((r) => ({ originName: r.originName, fromTime: r.fromTime.toISOString(), toTime: r.toTime.toISOString() }));
}
