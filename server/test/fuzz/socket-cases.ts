import fc from 'fast-check';
import { z } from 'zod';
import type { ClientToServerEvents } from '@shared/socket';
import { roomJoinRequest, roomLeaveRequest } from '@shared/schemas/realtime';
import { arbitraryOf } from './zod-arbitrary';
import { hostileValue, mutate, mutationArb, PROTOTYPE_KEYS } from './hostile';
import type { RoleName } from './actors';

/**
 * The payloads of the client-to-server events of shared/socket.ts: the schemas the server checks
 * them with, for the generator. The type checks below fail to compile when the event map changes
 * without them.
 */
export const SOCKET_EVENTS = {
  'room:join': roomJoinRequest,
  'room:leave': roomLeaveRequest,
} as const;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const eventsCovered: Same<keyof typeof SOCKET_EVENTS, keyof ClientToServerEvents> = true;
const joinCovered: Same<z.infer<(typeof SOCKET_EVENTS)['room:join']>, Parameters<ClientToServerEvents['room:join']>[0]> = true;
const leaveCovered: Same<z.infer<(typeof SOCKET_EVENTS)['room:leave']>, Parameters<ClientToServerEvents['room:leave']>[0]> = true;
void [eventsCovered, joinCovered, leaveCovered];

export type SocketEventName = keyof typeof SOCKET_EVENTS;

export interface SocketCase {
  kind: 'valid' | 'mutated' | 'extraArgs' | 'noAck' | 'unknownEvent' | 'binary' | 'oversize' | 'raw';
  role: RoleName;
  event: string;
  args: unknown[];
  /** Whether an acknowledgement callback goes last (the server must call it for its own events). */
  ack: boolean;
  /** For `raw`: an engine.io message sent as is (the socket.io packet text). */
  raw?: string;
  /** The server may end this client's connection for it (oversize or unparsable packets), never another's. */
  mayDisconnect: boolean;
}

/** Rooms a client may ask for: real ones of the fixtures, others' private rooms, and names that only look like rooms. */
export function roomArb(rooms: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...rooms) },
    { weight: 1, arbitrary: fc.constantFrom('case:0', 'case:-1', 'case:01', 'case:99999999999', 'user:abc', 'uid:1', 'case:1:staff', 'chat:2-1', 'chat:1-1', 'staff ', 'ALL', '', ' ', 'case:1\u0000', ...PROTOTYPE_KEYS) },
    { weight: 1, arbitrary: fc.string({ maxLength: 80 }) },
  );
}

const UNKNOWN_EVENTS = ['room:joinx', 'message', 'join', 'room:event', 'room:events', 'case:viewers', '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'x'.repeat(5000), '', ' '];

/** Socket.IO packets as text: valid, truncated, reserved names, wrong shapes. */
const RAW_PACKETS = [
  '2["room:join"',
  '2["room:join",{"room":"all"},',
  '2',
  '2[]',
  '2[{}]',
  '2[1,2,3]',
  '2["disconnect"]',
  '2["disconnecting",{"room":"all"}]',
  '2["connect"]',
  '2["newListener","room:join"]',
  '21["room:join",{"room":"all"}]',
  '299999999999999999999["room:join",{"room":"all"}]',
  '3',
  '31[]',
  '5-["room:join",{"_placeholder":true,"num":0}]',
  '9',
  '0/other,',
  '1',
  'garbage',
  '',
  '2' + '['.repeat(5000) + ']'.repeat(5000),
];

export function socketCaseArb(roles: RoleName[], rooms: string[]): fc.Arbitrary<SocketCase> {
  const role = fc.constantFrom(...roles);
  const event = fc.constantFrom(...(Object.keys(SOCKET_EVENTS) as SocketEventName[]));
  const hints = { room: roomArb(rooms) };
  const payload = (e: SocketEventName) => arbitraryOf(SOCKET_EVENTS[e], hints);
  const valid = fc.tuple(role, event).chain(([r, e]) => payload(e).map((p) => ({ role: r, event: e as string, p })));
  const plain = (kind: SocketCase['kind'], extra: Partial<SocketCase> = {}) =>
    valid.map(({ role: r, event: e, p }): SocketCase => ({ kind, role: r, event: e, args: [p], ack: true, mayDisconnect: false, ...extra }));

  return fc.oneof(
    { weight: 6, arbitrary: plain('valid') },
    {
      weight: 8,
      arbitrary: fc.tuple(valid, fc.array(mutationArb, { minLength: 1, maxLength: 3 })).map(([{ role: r, event: e, p }, ms]): SocketCase => ({
        kind: 'mutated',
        role: r,
        event: e,
        args: [ms.reduce<unknown>((v, m) => mutate(v, m), p)],
        ack: true,
        mayDisconnect: false,
      })),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(valid, fc.array(hostileValue, { maxLength: 3 })).map(([{ role: r, event: e, p }, more]): SocketCase => ({ kind: 'extraArgs', role: r, event: e, args: [p, ...more], ack: true, mayDisconnect: false })),
    },
    // Without an acknowledgement, or with something else where it goes (the server must not call a non-function).
    { weight: 2, arbitrary: fc.tuple(valid, fc.constantFrom<unknown>(undefined, 'ack', 1, null, {})).map(([{ role: r, event: e, p }, last]): SocketCase => ({ kind: 'noAck', role: r, event: e, args: last === undefined ? [p] : [p, last], ack: false, mayDisconnect: false })) },
    { weight: 2, arbitrary: fc.tuple(role, fc.constantFrom(...UNKNOWN_EVENTS), hostileValue).map(([r, e, v]): SocketCase => ({ kind: 'unknownEvent', role: r, event: e, args: [v], ack: false, mayDisconnect: false })) },
    {
      weight: 1,
      arbitrary: fc.tuple(valid, fc.uint8Array({ maxLength: 64 })).map(([{ role: r, event: e }, bytes]): SocketCase => ({ kind: 'binary', role: r, event: e, args: [{ room: Buffer.from(bytes), lastSeq: Buffer.from(bytes) }], ack: true, mayDisconnect: false })),
    },
    { weight: 1, arbitrary: valid.map(({ role: r, event: e }): SocketCase => ({ kind: 'oversize', role: r, event: e, args: [{ room: 'r'.repeat(1_100_000) }], ack: false, mayDisconnect: true })) },
    { weight: 2, arbitrary: fc.tuple(role, fc.constantFrom(...RAW_PACKETS)).map(([r, raw]): SocketCase => ({ kind: 'raw', role: r, event: '(raw)', args: [], ack: false, raw, mayDisconnect: true })) },
  );
}

/** Handshake `auth` objects: tokens of every wrong kind. */
export const handshakeAuthArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.record({ token: hostileValue }),
  fc.record({ token: fc.string({ maxLength: 300 }) }),
  fc.constantFrom<unknown>({}, { token: '' }, { token: null }, { token: ['a', 'b'] }, { token: { toString: 'x' } }, { token: 'a.b.c' }, { token: 'x'.repeat(100_000) }),
);
