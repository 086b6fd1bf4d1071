import type { ChatMessage } from './chat-message';

/** A generic chat message: the line, then the link on its own line (chat clients make it clickable). */
export const plainTextMessage = (m: ChatMessage) => `${m.title}\n${m.url}\n`;
