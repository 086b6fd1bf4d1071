import { io, type Socket } from 'socket.io-client';
import { SESSION_END_CODES } from '@shared/errors';
import type { CaseViewers, ClientToServerEvents, JoinResult, RoomEvent, ServerToClientEvents } from '@shared/socket';
import { RoomCursor } from './roomCursor';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type SessionEndCode = (typeof SESSION_END_CODES)[number];

export interface RoomHandlers {
  /** The sequence number the page's data is current as of; newer events are replayed on join. */
  lastSeq?: number;
  onEvent(event: RoomEvent): void;
  /** The room is too far behind to replay: reload the page's data. */
  onRefetch?(lastSeq: number): void;
  onJoin?(result: JoinResult): void;
}

interface JoinedRoom {
  handlers: RoomHandlers;
  cursor: RoomCursor;
}

/**
 * One Socket.IO connection shared by every feature. It is open while at least one room is
 * joined, re-joins its rooms (with their last sequence) after every reconnect, and waits while
 * the browser is offline.
 */
export class RealtimeClient {
  private socket: ClientSocket | null = null;
  private token: string | null = null;
  private readonly rooms = new Map<string, JoinedRoom>();
  /** Called when the server refuses the handshake token. */
  onAuthRefused?: (code: SessionEndCode) => void;
  /** Hears `case:viewers` (staff presence on case pages, sent to staff sockets only). */
  private readonly viewerListeners = new Set<(info: CaseViewers) => void>();

  /** Listens to staff presence on the case rooms joined, until the returned function is called. */
  onViewers(listener: (info: CaseViewers) => void): () => void {
    this.viewerListeners.add(listener);
    return () => this.viewerListeners.delete(listener);
  }

  setToken(token: string | null) {
    if (token === this.token) return;
    this.token = token;
    if (!this.socket) return;
    this.socket.auth = { token };
    this.socket.disconnect();
    this.connectIfWanted();
  }

  /** Joins a room until the returned function is called. */
  join(room: string, handlers: RoomHandlers): () => void {
    this.rooms.set(room, { handlers, cursor: new RoomCursor(handlers.lastSeq) });
    const socket = this.ensureSocket();
    if (socket.connected) this.sendJoin(room);
    else this.connectIfWanted();
    return () => this.leave(room, handlers);
  }

  private leave(room: string, handlers: RoomHandlers) {
    if (this.rooms.get(room)?.handlers !== handlers) return;
    this.rooms.delete(room);
    if (this.socket?.connected) this.socket.emit('room:leave', { room });
    if (this.rooms.size === 0) this.socket?.disconnect();
  }

  private ensureSocket(): ClientSocket {
    if (this.socket) return this.socket;
    const socket: ClientSocket = io({
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token: this.token },
      autoConnect: false,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 30_000,
      randomizationFactor: 0.5,
    });
    socket.on('connect', () => {
      for (const room of this.rooms.keys()) this.sendJoin(room);
    });
    socket.on('room:event', (event) => {
      const joined = this.rooms.get(event.room);
      if (joined?.cursor.accept(event.seq)) joined.handlers.onEvent(event);
    });
    socket.on('case:viewers', (info) => {
      for (const listener of this.viewerListeners) listener(info);
    });
    socket.on('room:refetch', ({ room, lastSeq }) => {
      const joined = this.rooms.get(room);
      if (!joined) return;
      joined.cursor.reset(lastSeq);
      joined.handlers.onRefetch?.(lastSeq);
    });
    socket.on('connect_error', (error) => {
      const code = (error as Error & { data?: { code?: string } }).data?.code ?? error.message;
      if ((SESSION_END_CODES as readonly string[]).includes(code)) this.onAuthRefused?.(code as SessionEndCode);
    });
    // Reconnecting while offline only burns attempts; resume when the network is back.
    window.addEventListener('offline', () => socket.disconnect());
    window.addEventListener('online', () => this.connectIfWanted());
    this.socket = socket;
    return socket;
  }

  private connectIfWanted() {
    if (this.socket && !this.socket.connected && this.rooms.size > 0 && navigator.onLine) this.socket.connect();
  }

  private sendJoin(room: string) {
    const joined = this.rooms.get(room);
    if (!joined || !this.socket) return;
    this.socket.emit('room:join', { room, lastSeq: joined.cursor.lastSeq }, (result) => {
      if (result.ok) joined.cursor.advanceTo(result.lastSeq);
      joined.handlers.onJoin?.(result);
    });
  }
}

/** The app's single realtime connection. */
export const realtime = new RealtimeClient();
