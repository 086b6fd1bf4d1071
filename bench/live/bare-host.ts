/** The bare Socket.IO baseline (bench/live/bare-server.ts) in a process of its own, as the Tribunal node is (bench/live/hosts.ts). */
import { startBareServer } from './bare-server';
import { commonOps, serveCalls } from './host-ipc';

const bare = await startBareServer();
const ops = commonOps(bare.clients, bare.close);
export type BareOps = typeof ops;

serveCalls(ops, { url: bare.url });
