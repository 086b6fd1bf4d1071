import type { MessageBox, SendableMessageType } from '@shared/messages';
import type { ConversationItem, MessageItem, UnreadCounts } from '@shared/types/messages';
import { api } from './client';

/** The inbox, chat and pushes (`/api/message`, as the original, and Tribunal's own additions). */

export interface MessagePage {
  messages: MessageItem[];
  total: number;
}

export interface ConversationPage extends MessagePage {
  user: { id: number; username: string; userAvatar: string; allowDM: boolean };
}

export const getBox = (box: MessageBox, skip: number, limit: number, signal?: AbortSignal) =>
  api.get<MessagePage>('/message', { box, skip, limit }, { signal, fresh: true });

export const getUnread = (signal?: AbortSignal) => api.get<UnreadCounts>('/message/unread', undefined, { signal, fresh: true });

export const getConversations = (skip: number, limit: number, signal?: AbortSignal) =>
  api.get<{ conversations: ConversationItem[]; total: number }>('/message/conversations', { skip, limit }, { signal, fresh: true });

export const getConversation = (userId: number, opts: { limit: number; before?: number }, signal?: AbortSignal) =>
  api.get<ConversationPage>('/message/conversation', { userId, limit: opts.limit, before: opts.before }, { signal, fresh: true });

export const sendMessage = (data: { toUserId?: number | null; type: SendableMessageType; content: string }) => api.post<MessageItem>('/message', { data });

export type MarkTarget = { id: number } | { ids: number[] } | { withUserId: number };

export const markMessages = (target: MarkTarget, type: 'read' | 'unread') => api.post<{ changed: number[] }>('/message/mark', { data: { ...target, type } });

export const deleteMessage = (id: number) => api.post<{ id: number }>('/message/delete', { data: { id } });
