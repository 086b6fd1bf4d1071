import { eq, inArray } from 'drizzle-orm';
import type { TFunction } from 'i18next';
import { roomOf } from '@shared/socket';
import { messages, players, users, type MessageType } from '@server/db/schema';
import type { Recorder } from '@server/db/outbox';
import type { ServerI18n } from '@server/i18n';

export interface Notice {
  type: MessageType;
  /** Translation key under `notifications.` and its values; rendered in each recipient's language. */
  key: string;
  values: Record<string, string | number>;
  /** The case the notice is about (stored on the message, for links). */
  playerId?: number;
  /** That case's persona id, which its address is built from; looked up from `playerId` when not given. */
  personaId?: string;
  /** The account whose name the notice shows as `username` (not a party of the message): its content follows that name. */
  aboutUserId?: number;
}

/** A notice in one language: its status and action translated too. */
export function renderNotice(t: TFunction, notice: Pick<Notice, 'key' | 'values'>): string {
  const values = {
    ...notice.values,
    ...(typeof notice.values.status === 'number' ? { status: t(`notifications.status.${notice.values.status}`) } : {}),
    ...(typeof notice.values.action === 'string' ? { action: t(`notifications.actions.${notice.values.action}`) } : {}),
  };
  return t(`notifications.${notice.key}`, values);
}

/**
 * Writes a system message to each recipient's inbox and pushes it to their `user:` room, inside
 * the transaction of the change it reports.
 */
export async function notifyUsers({ tx, emit }: Recorder, i18n: ServerI18n, userIds: number[], notice: Notice) {
  const ids = [...new Set(userIds)];
  if (!ids.length) return;
  const recipients = await tx.select({ id: users.id, attr: users.attr }).from(users).where(inArray(users.id, ids));
  if (!recipients.length) return;
  const personaId = notice.personaId ?? (notice.playerId ? await personaIdOf(tx, notice.playerId) : null);
  const rows = await tx
    .insert(messages)
    .values(
      recipients.map((r) => ({
        byUserId: null,
        toUserId: r.id,
        type: notice.type,
        content: renderNotice(i18n.t(r.attr.language), notice),
        playerId: notice.playerId ?? null,
        ...(notice.aboutUserId ? { aboutUserId: notice.aboutUserId, notice: { key: notice.key, values: notice.values } } : {}),
      })),
    )
    .returning();
  for (const m of rows) {
    await emit(roomOf.user(m.toUserId!), 'notification', { id: m.id, type: m.type, content: m.content, createTime: m.createTime.toISOString(), playerId: m.playerId, personaId });
  }
}

async function personaIdOf(tx: Recorder['tx'], playerId: number) {
  const [row] = await tx.select({ personaId: players.originPersonaId }).from(players).where(eq(players.id, playerId)).limit(1);
  return row?.personaId ?? null;
}
