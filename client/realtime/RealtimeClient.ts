import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
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
  cursor: RoomCursor<RoomEvent>;
  /**
   * Without a `lastSeq` the listener starts at the room's head: events are held until the join
   * answer says where that is, and only newer ones are passed on (not another listener's replay).
   */
  held: RoomEvent[] | null;
}

/** Opens the Socket.IO connection (a test may point it elsewhere or put a lossy link in between). */
export type SocketOpener = (options: Partial<ManagerOptions & SocketOptions>) => ClientSocket | Promise<ClientSocket>;

/** Socket.IO's client is loaded when the first room is joined: a first page draws without it. */
const openSocketIo: SocketOpener = (options) => import('socket.io-client').then(({ io }) => io(options));

export interface RealtimeOptions {
  openSocket?: SocketOpener;
  /** How long an event after a hole waits for the missing one before the room is re-joined. */
  gapWaitMs?: number;
  /** Re-joins that may fail to fill a hole before the listener refetches instead. */
  gapRetries?: number;
  /** The longest random wait before reconnecting after the server closed the connection (a node stopping). */
  reconnectJitterMs?: number;
  /** The first wait before asking again for a join or a connection the server refused as too many; it doubles with each refusal in a row. */
  refusedRetryMs?: number;
  /** The longest such wait. */
  refusedRetryMaxMs?: number;
}

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine;

/** The code the server refuses a handshake with when the client's address holds too many sockets. */
const TOO_MANY_SOCKETS = 'request.rateLimited';

/**
 * One Socket.IO connection shared by every feature. It is open while at least one room is
 * joined, re-joins its rooms (with their last sequence) after every reconnect, and waits while
 * the browser is offline. Each listener of a room keeps its own place in the room's sequence and
 * sees every event once, in order: a hole makes it re-join so the server replays what is missing.
 */
export class RealtimeClient {
  private socket: ClientSocket | null = null;
  private opening = false;
  private token: string | null = null;
  private readonly rooms = new Map<string, Set<Subscriber>>();
  /** Rooms with a join in flight: its answer, not a timer, decides whether a hole remains. */
  private readonly joining = new Map<string, number>();
  private readonly gapTimers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly gapAttempts = new Map<string, number>();
  private readonly openSocket: SocketOpener;
  private readonly gapWaitMs: number;
  private readonly gapRetries: number;
  private readonly reconnectJitterMs: number;
  private readonly refusedRetryMs: number;
  private readonly refusedRetryMaxMs: number;
  /** Rooms whose join was refused as too many, waiting to ask again; and the refusals in a row of each. */
  private readonly retryTimers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly refusals = new Map<string, number>();
  private connectRetry: ReturnType<typeof setTimeout> | null = null;
  private connectRefusals = 0;

  constructor(options: RealtimeOptions = {}) {
    this.openSocket = options.openSocket ?? openSocketIo;
    this.gapWaitMs = options.gapWaitMs ?? 500;
    this.gapRetries = options.gapRetries ?? 3;
    this.reconnectJitterMs = options.reconnectJitterMs ?? 3_000;
    this.refusedRetryMs = options.refusedRetryMs ?? 2_000;
    this.refusedRetryMaxMs = options.refusedRetryMaxMs ?? 60_000;
  }

  /**
   * How long to wait after the `refusals`-th refusal in a row: at least what the server asked,
   * doubling up to the longest wait, and up to half more at random, so the tabs of one address
   * that were refused together do not all ask again together.
   */
  private backOff(refusals: number, atLeastMs: number) {
    const doubled = Math.min(this.refusedRetryMaxMs, this.refusedRetryMs * 2 ** refusals);
    return Math.max(atLeastMs, doubled) * (1 + Math.random() / 2);
  }
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
    const subscriber: Subscriber = { handlers, cursor: new RoomCursor<RoomEvent>(handlers.lastSeq), held: handlers.lastSeq === undefined ? [] : null };
    let subscribers = this.rooms.get(room);
    if (!subscribers) this.rooms.set(room, (subscribers = new Set()));
    subscribers.add(subscriber);
    if (this.socket?.connected) this.sendJoin(room, [subscriber]);
    else this.connectIfWanted();
    return () => this.leave(room, subscriber);
  }

  private leave(room: string, subscriber: Subscriber) {
    const subscribers = this.rooms.get(room);
    if (!subscribers?.delete(subscriber) || subscribers.size > 0) return;
    this.rooms.delete(room);
    clearTimeout(this.gapTimers.get(room));
    this.gapTimers.delete(room);
    this.gapAttempts.delete(room);
    clearTimeout(this.retryTimers.get(room));
    this.retryTimers.delete(room);
    this.refusals.delete(room);
    if (this.socket?.connected) this.socket.emit('room:leave', { room });
    if (this.rooms.size === 0) this.socket?.disconnect();
  }

  /** Events that came in one frame, in their order. */
  private receive(events: RoomEvent[]) {
    const rooms = new Set<string>();
    for (const event of events) {
      for (const subscriber of this.rooms.get(event.room) ?? []) this.deliver(subscriber, event);
      rooms.add(event.room);
    }
    for (const room of rooms) this.watchForHoles(room);
  }

  private deliver(subscriber: Subscriber, event: RoomEvent) {
    if (subscriber.held) return void subscriber.held.push(event);
    for (const ready of subscriber.cursor.receive(event)) subscriber.handlers.onEvent(ready);
  }

  /** A hole that outlives the wait (and any join in flight) is filled by re-joining from before it. */
  private watchForHoles(room: string) {
    // A refused room is asked for again when its wait ends; a hole re-join meanwhile would only be refused too.
    if (this.gapTimers.has(room) || this.joining.get(room) || this.retryTimers.has(room)) return;
    const subscribers = this.rooms.get(room);
    if (![...(subscribers ?? [])].some((s) => s.cursor.hasHole)) {
      this.gapAttempts.delete(room);
      return;
    }
    const timer = setTimeout(() => {
      this.gapTimers.delete(room);
      const stillMissing = [...(this.rooms.get(room) ?? [])].filter((s) => s.held === null && s.cursor.hasHole);
      if (stillMissing.length && this.socket?.connected) {
        this.gapAttempts.set(room, (this.gapAttempts.get(room) ?? 0) + 1);
        this.sendJoin(room, stillMissing);
      }
    }, this.gapWaitMs);
    this.gapTimers.set(room, timer);
  }

  /** Re-joins did not bring the missing events (history purged): the listener reloads its data instead. */
  private giveUpOnHole(room: string, subscriber: Subscriber, head: number) {
    subscriber.cursor.reset(head);
    subscriber.handlers.onRefetch?.(head);
  }

  /** Opens the socket once (after its code has loaded, when the opener is asynchronous), then connects if rooms still want it. */
  private ensureSocket() {
    if (this.opening) return;
    const ready = (socket: ClientSocket) => {
      socket.auth = { token: this.token };
      this.attach(socket);
      this.connectIfWanted();
    };
    const opened = this.openSocket({
      path: '/socket.io',
      transports: ['websocket'],
      autoConnect: false,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 30_000,
      randomizationFactor: 0.5,
    });
    this.opening = true;
    if (opened instanceof Promise) void opened.then(ready);
    else ready(opened);
  }

  private attach(socket: ClientSocket) {
    socket.on('connect', () => {
      this.connectRefusals = 0;
      for (const timer of this.retryTimers.values()) clearTimeout(timer);
      this.retryTimers.clear();
      for (const [room, subscribers] of this.rooms) this.sendJoin(room, [...subscribers]);
    });
    socket.on('room:event', (event) => this.receive([event]));
    socket.on('room:events', (events) => this.receive(events));
    // The server closed the connection (its node is stopping, or this session ended): Socket.IO
    // does not retry that by itself. Come back after a random wait, so a node's clients spread
    // over the others; an ended session is then refused at the handshake.
    socket.on('disconnect', (reason) => {
      this.joining.clear();
      if (reason !== 'io server disconnect') return;
      setTimeout(() => this.connectIfWanted(), Math.random() * this.reconnectJitterMs);
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
      // Socket.IO does not retry a handshake the server refused: ask again later, waiting longer each time.
      if (code === TOO_MANY_SOCKETS && !this.connectRetry) {
        this.connectRetry = setTimeout(() => {
          this.connectRetry = null;
          this.connectIfWanted();
        }, this.backOff(this.connectRefusals++, 0));
      }
    });
    // Reconnecting while offline only burns attempts; resume when the network is back.
    if (typeof window !== 'undefined') {
      window.addEventListener('offline', () => socket.disconnect());
      window.addEventListener('online', () => this.connectIfWanted());
      // A page kept in the browser's back-forward cache would hold its socket open, and its staff
      // presence on a case with it: close it on leaving, and join again (replaying) on coming back.
      window.addEventListener('pagehide', (e) => void (e.persisted && socket.disconnect()));
      window.addEventListener('pageshow', (e) => void (e.persisted && this.connectIfWanted()));
    }
    this.socket = socket;
  }

  private connectIfWanted() {
    if (!this.socket) return this.rooms.size > 0 ? this.ensureSocket() : undefined;
    if (!this.socket.connected && this.rooms.size > 0 && browserOnline()) this.socket.connect();
  }

  /** Joins for these listeners, from the oldest place any of them is at (the others drop what they saw). */
  private sendJoin(room: string, subscribers: Subscriber[]) {
    if (!this.socket) return;
    const known = subscribers.flatMap((s) => (s.held === null && s.cursor.lastSeq !== undefined ? [s.cursor.lastSeq] : []));
    const lastSeq = known.length ? Math.min(...known) : undefined;
    this.joining.set(room, (this.joining.get(room) ?? 0) + 1);
    this.socket.emit('room:join', { room, lastSeq }, (result) => {
      this.joining.set(room, (this.joining.get(room) ?? 1) - 1);
      const current = this.rooms.get(room);
      const outOfRetries = (this.gapAttempts.get(room) ?? 0) >= this.gapRetries;
      for (const subscriber of subscribers) {
        if (!current?.has(subscriber)) continue;
        if (result.ok && subscriber.held) {
          const held = subscriber.held;
          subscriber.held = null;
          subscriber.cursor.reset(result.lastSeq);
          for (const event of held) this.deliver(subscriber, event);
        } else if (result.ok) {
          // The replay came before this answer: whatever up to the head is still missing was lost.
          subscriber.cursor.sawHead(result.lastSeq);
          if (subscriber.cursor.hasHole && outOfRetries) this.giveUpOnHole(room, subscriber, result.lastSeq);
        }
        subscriber.handlers.onJoin?.(result);
      }
      if (outOfRetries) this.gapAttempts.delete(room);
      if (result.ok) {
        this.refusals.delete(room);
        this.watchForHoles(room);
      } else if (result.code === 'room.rateLimited' && current) this.retryJoinLater(room, result.retryAfterMs);
    });
  }

  /** A join refused as too many (this socket's or its address's): asked again for every listener of the room once the wait is over. */
  private retryJoinLater(room: string, retryAfterMs: number) {
    if (this.retryTimers.has(room)) return;
    const refusals = this.refusals.get(room) ?? 0;
    this.refusals.set(room, refusals + 1);
    const timer = setTimeout(() => {
      this.retryTimers.delete(room);
      const subscribers = this.rooms.get(room);
      if (subscribers?.size && this.socket?.connected) this.sendJoin(room, [...subscribers]);
    }, this.backOff(refusals, retryAfterMs));
    this.retryTimers.set(room, timer);
  }
}

/** The app's single realtime connection. */
export const realtime = new RealtimeClient();
