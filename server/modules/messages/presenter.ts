import { inArray } from 'drizzle-orm';
import type { MessageItem, MessageType } from '@shared/types/messages';
import { messages, players, users } from '@server/db/schema';
import type { DbOrTx } from '@server/db/client';
import { userAvatarOf } from '@server/modules/users/avatar';

export type MessageRow = typeof messages.$inferSelect;

export interface Party {
  id: number;
  username: string;
  originEmail: string | null;
  attr: { allowDM?: boolean; avatar?: string | null };
}

/** One message on the wire, from its row and its parties (a message to or from a case carries the case's persona id). */
export function presentMessage(row: MessageRow, parties: Map<number, Party>, personaIds: Map<number, string> = new Map()): MessageItem {
  const by = row.byUserId === null ? undefined : parties.get(row.byUserId);
  const to = row.toUserId === null ? undefined : parties.get(row.toUserId);
  return {
    id: row.id,
    byUserId: row.byUserId,
    toUserId: row.toUserId,
    type: row.type as MessageType,
    content: row.content,
    haveRead: row.haveRead ? 1 : 0,
    createTime: row.createTime.toISOString(),
    username: by?.username ?? null,
    userAvatar: by ? userAvatarOf(by) : null,
    toUsername: to?.username ?? null,
    playerId: row.playerId,
    personaId: row.playerId === null ? null : (personaIds.get(row.playerId) ?? null),
  };
}

/** The columns of a user that a message shows of its sender or recipient (`Party`). */
const PARTY_COLUMNS = { id: users.id, username: users.username, originEmail: users.originEmail, attr: users.attr };

export async function partiesOf(db: DbOrTx, ids: Iterable<number | null>): Promise<Map<number, Party>> {
  const wanted = [...new Set([...ids].filter((id): id is number => id !== null))];
  if (!wanted.length) return new Map();
  const rows = await db.select(PARTY_COLUMNS).from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Messages on the wire, with their senders' and recipients' names and their cases' persona ids. */
export async function presentMessages(db: DbOrTx, rows: MessageRow[]): Promise<MessageItem[]> {
  const playerIds = [...new Set(rows.map((r) => r.playerId).filter((id): id is number => id !== null))];
  const [parties, cases] = await Promise.all([
    partiesOf(db, rows.flatMap((r) => [r.byUserId, r.toUserId])),
    playerIds.length ? db.select({ id: players.id, personaId: players.originPersonaId }).from(players).where(inArray(players.id, playerIds)) : Promise.resolve([]),
  ]);
  const personaIds = new Map(cases.map((c) => [c.id, c.personaId]));
  return rows.map((r) => presentMessage(r, parties, personaIds));
}
