import { cleanRichText } from './clean-html';
import { issuesOf, type Mapped } from './issues';
import type { MapContext } from './context';
import { messageTypeOf } from './vocabulary';
import { datetime, intIn, textOrNull } from './values';

export type MessageTarget = Record<string, unknown> & { id: number };

/**
 * messages -> messages, id kept. A `banAppeal` notice's `toUserId` holds the appeal's entry id, not
 * a user: here such a notice goes to all staff (no recipient) and names the appeal's case.
 */
export function mapMessage(raw: Record<string, unknown>, ctx: MapContext): Mapped<MessageTarget> {
  const id = Number(raw.id);
  const issues = issuesOf('messages', id);
  const type = messageTypeOf(String(raw.type ?? ''));
  if (!type) issues.refuse('type', raw.type, 'not a message type here');
  let byUserId = intIn(raw.byUserId, 1, 2_147_483_647);
  if (byUserId !== null && !ctx.users.has(byUserId)) {
    issues.adjust('byUserId', raw.byUserId, 'no such user: shown as from the system');
    byUserId = null;
  }
  let toUserId = intIn(raw.toUserId, 1, 2_147_483_647);
  let playerId: number | null = null;
  if (type === 'banAppeal') {
    const appeal = toUserId === null ? undefined : ctx.entries.get(toUserId);
    if (!appeal || appeal.type !== 'banAppeal') issues.refuse('toUserId', raw.toUserId, 'an appeal notice whose appeal does not exist');
    else playerId = appeal.playerId;
    toUserId = null;
  } else if (toUserId !== null && !ctx.users.has(toUserId)) issues.refuse('toUserId', raw.toUserId, 'no such recipient');
  const createTime = datetime(ctx.zone, raw.createTime, 'createTime', issues);
  if (!createTime) issues.refuse('createTime', raw.createTime, 'no time');
  if (issues.refused) return { row: null, issues: issues.list };
  return {
    row: { id, by_user_id: byUserId, to_user_id: toUserId, type, content: messageContent(type!, textOrNull(raw.content) ?? ''), player_id: playerId, have_read: Number(raw.haveRead ?? 0) !== 0, create_time: createTime!.toISOString() },
    issues: issues.list,
  };
}

/** Sanitised like every message sent here; a `command` holds the original's JSON instruction, which no box shows. */
const messageContent = (type: string, text: string) => (type === 'command' ? text : cleanRichText(text));
