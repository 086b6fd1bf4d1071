/** Chat and push rules shared by the server's checks and the client's forms. */
import { hasAdminLevel, isAdmin } from './privileges';

/** Types a person may send with POST /api/message; `reply` and `banAppeal` are written by the system only. */
export const SENDABLE_MESSAGE_TYPES = ['direct', 'warn', 'fatal', 'command', 'toAll', 'toAdmins', 'toNormals'] as const;
export type SendableMessageType = (typeof SENDABLE_MESSAGE_TYPES)[number];

/** Pushes to a group rather than to one user: stored without a recipient, read in the `announce` box. */
export const BROADCAST_TYPES = ['toAll', 'toAdmins', 'toNormals'] as const;
export type BroadcastType = (typeof BROADCAST_TYPES)[number];
export const isBroadcast = (type: string): type is BroadcastType => (BROADCAST_TYPES as readonly string[]).includes(type);

/** `in`, `out`, `announce` as the original; `system` is the part of `in` no person sent (notifications). */
export const MESSAGE_BOXES = ['in', 'out', 'announce', 'system'] as const;
export type MessageBox = (typeof MESSAGE_BOXES)[number];

/**
 * Who may send each type: `direct` any account allowed to write (bound, not banned or muted),
 * `warn` and `command` staff (admin level 1), `fatal` and broadcasts admin level 2 (super, root, dev).
 */
export function maySendType(roles: readonly string[], type: SendableMessageType): boolean {
  if (type === 'direct') return true;
  if (type === 'warn' || type === 'command') return isAdmin(roles);
  return hasAdminLevel(roles, 2);
}

/** The types a sender may choose from, in form order. */
export const sendableTypesFor = (roles: readonly string[]) => SENDABLE_MESSAGE_TYPES.filter((t) => maySendType(roles, t));

/** Broadcasts a user reads in the `announce` box: everyone `toAll`, staff `toAdmins`, everyone else `toNormals`. */
const announceTypesFor = (roles: readonly string[]): BroadcastType[] => (isAdmin(roles) ? ['toAll', 'toAdmins'] : ['toAll', 'toNormals']);

/** What the `announce` box lists: the broadcasts for the role, and for staff the open appeals' notices. */
export const announceBoxTypesFor = (roles: readonly string[]): string[] => [...announceTypesFor(roles), ...(isAdmin(roles) ? ['banAppeal'] : [])];

/** Whether a live broadcast is meant for this account (the `all` room carries `toNormals` too, see messages/realtime.ts). */
export const broadcastReaches = (type: BroadcastType, roles: readonly string[]) => announceTypesFor(roles).includes(type);
