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

/** One listener of a room; several features may listen to the same room at once. */
interface Subscriber {
  handlers: RoomHandlers;
  cursor: RoomCursor;
  /**
   * Without a `lastSeq` the listener starts at the room's head: events are held until the join
   * answer says where that is, and only newer ones are passed on (not another listener's replay).
   */
  held: RoomEvent[] | null;
}

/**
 * One Socket.IO connection shared by every feature. It is open while at least one room is
 * joined, re-joins its rooms (with their last sequence) after every reconnect, and waits while
 * the browser is offline. Each listener of a room keeps its own place in the room's sequence.
 */
export class RealtimeClient {
  private socket: ClientSocket | null = null;
  private token: string | null = null;
  private readonly rooms = new Map<string, Set<Subscriber>>();
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
    const subscriber: Subscriber = { handlers, cursor: new RoomCursor(handlers.lastSeq), held: handlers.lastSeq === undefined ? [] : null };
    let subscribers = this.rooms.get(room);
    if (!subscribers) this.rooms.set(room, (subscribers = new Set()));
    subscribers.add(subscriber);
    const socket = this.ensureSocket();
    if (socket.connected) this.sendJoin(room, [subscriber]);
    else this.connectIfWanted();
    return () => this.leave(room, subscriber);
  }

  private leave(room: string, subscriber: Subscriber) {
    const subscribers = this.rooms.get(room);
    if (!subscribers?.delete(subscriber) || subscribers.size > 0) return;
    this.rooms.delete(room);
    if (this.socket?.connected) this.socket.emit('room:leave', { room });
    if (this.rooms.size === 0) this.socket?.disconnect();
  }

  private deliver(subscriber: Subscriber, event: RoomEvent) {
    if (subscriber.held) subscriber.held.push(event);
    else if (subscriber.cursor.accept(event.seq)) subscriber.handlers.onEvent(event);
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
      for (const [room, subscribers] of this.rooms) this.sendJoin(room, [...subscribers]);
    });
    socket.on('room:event', (event) => {
      for (const subscriber of this.rooms.get(event.room) ?? []) this.deliver(subscriber, event);
    });
    socket.on('case:viewers', (info) => {
      for (const listener of this.viewerListeners) listener(info);
    });
    socket.on('room:refetch', ({ room, lastSeq }) => {
      for (const subscriber of this.rooms.get(room) ?? []) {
        subscriber.held = null;
        subscriber.cursor.reset(lastSeq);
        subscriber.handlers.onRefetch?.(lastSeq);
      }
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

  /** Joins for these listeners, from the oldest place any of them is at (the others drop what they saw). */
  private sendJoin(room: string, subscribers: Subscriber[]) {
    if (!this.socket) return;
    const known = subscribers.flatMap((s) => (s.held === null && s.cursor.lastSeq !== undefined ? [s.cursor.lastSeq] : []));
    const lastSeq = known.length ? Math.min(...known) : undefined;
    this.socket.emit('room:join', { room, lastSeq }, (result) => {
      const current = this.rooms.get(room);
      for (const subscriber of subscribers) {
        if (!current?.has(subscriber)) continue;
        if (result.ok && subscriber.held) {
          const held = subscriber.held;
          subscriber.held = null;
          subscriber.cursor.reset(result.lastSeq);
          for (const event of held) this.deliver(subscriber, event);
        } else if (result.ok) subscriber.cursor.advanceTo(result.lastSeq);
        subscriber.handlers.onJoin?.(result);
      }
    });
  }
}

/** The app's single realtime connection. */
export const realtime = new RealtimeClient();
