/** Wire shapes of inbox messages and conversations (`/api/message`). */

/** Every type a stored message may have: sendable ones plus the system's `reply` and `banAppeal` notices. */
export type MessageType = 'direct' | 'warn' | 'fatal' | 'command' | 'reply' | 'banAppeal' | 'toAll' | 'toAdmins' | 'toNormals';

export interface MessageItem {
  id: number;
  /** The sender; null for system notifications. */
  byUserId: number | null;
  /** The recipient; null for broadcasts. */
  toUserId: number | null;
  type: MessageType;
  /** Sanitised HTML (the same whitelist as replies). */
  content: string;
  /** 0 or 1, as the original's column (clients compare numbers). */
  haveRead: 0 | 1;
  createTime: string;
  /** The sender's name (null for system notifications), as the original. */
  username: string | null;
  userAvatar: string | null;
  toUsername: string | null;
  /** The case a system notification is about, and the persona id its address is built from. */
  playerId: number | null;
  personaId: string | null;
}

/** One line of the conversation list: the other person, the latest message, and what is unread. */
export interface ConversationItem {
  userId: number;
  username: string | null;
  userAvatar: string | null;
  /** Whether that person accepts direct messages now. */
  allowDM: boolean;
  last: MessageItem;
  /** Messages from them I have not read. */
  unread: number;
  total: number;
}

export interface UnreadCounts {
  /** Every unread message addressed to me. */
  unread: number;
  /** Of which from people (direct, warn, fatal, command). */
  fromUsers: number;
  /** Of which system notifications. */
  system: number;
  /** When the newest broadcast I can read was sent (the client remembers what it has seen). */
  lastAnnounceTime: string | null;
}
