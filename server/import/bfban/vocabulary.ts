import { CHEAT_METHODS, GAMES } from '@shared/games';
import { APPEAL_TYPES, JUDGE_ACTIONS } from '@shared/judgement';
import { PRIVILEGES } from '@shared/privileges';
import { MESSAGE_TYPES, type MessageType } from '@server/db/schema';

/**
 * The original's words that Tribunal spells otherwise, as its data holds them: the v1
 * migration's `invisible` and the older `stealth` are today's `invisable`; `oneShotKill`, folded
 * into `damageChange` by the original's later config, is still a method here, so it stays.
 */
const METHOD_SPELLINGS: Record<string, string> = { invisible: 'invisable', stealth: 'invisable' };
export const cheatMethodOf = (m: string): string | null => {
  const v = METHOD_SPELLINGS[m] ?? m;
  return (CHEAT_METHODS as readonly string[]).includes(v) ? v : null;
};

export const isGame = (g: unknown): g is string => typeof g === 'string' && (GAMES as readonly string[]).includes(g);

/** v1 verdicts left `trash` (a worthless report): today's `invalid`. */
export const judgeActionOf = (a: string): string | null => (a === 'trash' ? 'invalid' : (JUDGE_ACTIONS as readonly string[]).includes(a) ? a : null);

export const appealTypeOf = (t: unknown): string | null => (typeof t === 'string' && (APPEAL_TYPES as readonly string[]).includes(t) ? t : null);

export const isPrivilege = (p: unknown): p is string => typeof p === 'string' && (PRIVILEGES as readonly string[]).includes(p);

/**
 * Message types: the inbox kinds are the same; `feedback` (a member's note to staff) reaches the
 * staff's box as `toAdmins`; `command` (staff audit lines, webhook answers) stays `command`, which
 * no box lists, as in the original.
 */
export const messageTypeOf = (t: string): MessageType | null => (t === 'feedback' ? 'toAdmins' : (MESSAGE_TYPES as readonly string[]).includes(t) ? (t as MessageType) : null);

/** The original's file names, and the types their extensions name. */
export const MIME_BY_EXT: Record<string, { mimeType: string; kind: 'image' | 'video' | 'archive' }> = {
  png: { mimeType: 'image/png', kind: 'image' },
  jpg: { mimeType: 'image/jpeg', kind: 'image' },
  jpeg: { mimeType: 'image/jpeg', kind: 'image' },
  gif: { mimeType: 'image/gif', kind: 'image' },
  webp: { mimeType: 'image/webp', kind: 'image' },
  webm: { mimeType: 'video/webm', kind: 'video' },
  ogg: { mimeType: 'video/ogg', kind: 'video' },
  mp4: { mimeType: 'video/mp4', kind: 'video' },
  zip: { mimeType: 'application/zip', kind: 'archive' },
};
