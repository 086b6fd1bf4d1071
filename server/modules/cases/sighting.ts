import { eq } from 'drizzle-orm';
import { players, type PlayerRow } from '@server/db/schema';
import type { Tx } from '@server/db/client';
import { recordSighting, refreshedAvatar, type ResolvedAccount } from './platform-sync';

/** A name the case's account changed from and to, for its `historyUsername` timeline entry. */
export interface NameChange {
  beforeUsername: string;
  nextUsername: string;
}

/**
 * Brings a case up to date with a fresh look at its platform account: name, persona id, avatar and
 * name history. Returns the values to write (the caller adds its own changes) and the name change
 * the timeline must show, if any (written by the timeline's entry command).
 */
export async function applySighting(tx: Tx, row: PlayerRow, account: ResolvedAccount, at: Date) {
  await recordSighting(tx, row.id, account.username, at);
  const renamed: NameChange | null = account.username !== row.originName ? { beforeUsername: row.originName, nextUsername: account.username } : null;
  const changes = {
    originName: account.username,
    originPersonaId: account.personaId,
    avatarLink: refreshedAvatar(row.avatarLink, account.avatar),
  };
  return { changes, renamed };
}

/** Creates the case of an account if it has none, then locks its row for the rest of the transaction. */
export async function lockOrCreateCase(tx: Tx, account: ResolvedAccount, at: Date): Promise<{ row: PlayerRow; created: boolean }> {
  const [created] = await tx
    .insert(players)
    .values({
      originUserId: account.userId,
      originPersonaId: account.personaId,
      originName: account.username,
      avatarLink: account.avatar,
      createTime: at,
      updateTime: at,
      statusTime: at,
    })
    .onConflictDoNothing({ target: players.originUserId })
    .returning();
  if (created) return { row: created, created: true };
  const [row] = await tx.select().from(players).where(eq(players.originUserId, account.userId)).for('update');
  return { row: row!, created: false };
}
