/**
 * How the Socket.IO nodes of one site hear each other through Redis (docs/decisions/0010-socket-adapter.md):
 * - classic: one pub/sub pattern every node hears, whatever room a message is for;
 * - sharded: Redis 7 sharded pub/sub, a channel per room, heard only by the nodes with a socket in it;
 * - streams: one Redis stream every node reads.
 */
export const SOCKET_ADAPTERS = ['classic', 'sharded', 'streams'] as const;
export type SocketAdapterKind = (typeof SOCKET_ADAPTERS)[number];
export const DEFAULT_SOCKET_ADAPTER: SocketAdapterKind = 'sharded';
