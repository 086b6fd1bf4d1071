/**
 * S5's viewers in their own process: `count` sockets on one case page (Tribunal: `room:join`; bare:
 * `join`), each applying the room's events as the page does and noting, per socket, the sequence
 * numbers it got (in arrival order), the status and tally it ends on, and when its last event arrived.
 */
import { io, type Socket } from 'socket.io-client';
import { ownAddress } from './client-address';
import { runFleet } from './fleet-control';

const [url, room, countArg, kind] = process.argv.slice(2) as [string, string, string, 'tribunal' | 'bare'];
const count = Number(countArg);
const now = () => performance.timeOrigin + performance.now();

interface Frame {
  seq: number;
  name: string;
  payload: { case?: { status: number }; voters?: Array<{ id: number }> };
}
export interface ViewerEnd {
  seqs: number[];
  status: number | null;
  voters: number[] | null;
  lastAt: number;
}

const views: ViewerEnd[] = [];
const sockets: Socket[] = [];

async function connectOne(): Promise<void> {
  const socket = io(url, { transports: ['websocket'], reconnection: false, forceNew: true, extraHeaders: ownAddress() });
  sockets.push(socket);
  const view: ViewerEnd = { seqs: [], status: null, voters: null, lastAt: 0 };
  views.push(view);
  // As the page does: an older frame arriving late does not overwrite a newer one.
  let statusSeq = 0;
  let votersSeq = 0;
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const take = (e: Frame) => {
    view.lastAt = now();
    view.seqs.push(e.seq);
    if (e.name === 'case.updated' && e.seq > statusSeq) [view.status, statusSeq] = [e.payload.case!.status, e.seq];
    if (e.name === 'case.votes' && e.seq > votersSeq) [view.voters, votersSeq] = [e.payload.voters!.map((v) => v.id), e.seq];
  };
  socket.on('room:event', take);
  socket.on('room:events', (es: Frame[]) => es.forEach(take));
  if (kind === 'tribunal') {
    const res = await new Promise<{ ok: boolean }>((resolve) => socket.emit('room:join', { room }, resolve));
    if (!res.ok) throw new Error(`join refused: ${JSON.stringify(res)}`);
  } else await new Promise<void>((resolve) => socket.emit('join', room, () => resolve()));
}

const main = () => runFleet({ count, connectOne, disconnectAll: () => sockets.forEach((s) => s.disconnect()), report: () => ({ views }) });

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
