import { io as connect } from 'socket.io-client';
import { ms, now, sleep, type Send } from './common';

/** S8: leave the room, let `events` happen, come back with the last sequence seen. */
export async function scenarioS8(lines: string[], url: string, room: string, reply: Send) {
  lines.push('### S8: a client offline while its case moves on, then back', '', '| events while away | answer on re-join | all replayed events in | target |', '|---|---|---|---|');
  for (const wanted of [100, 5000]) {
    const client = connect(url, { transports: ['websocket'] });
    await new Promise((r) => client.once('connect', () => r(null)));
    const joined = await new Promise<{ lastSeq: number }>((r) => client.emit('room:join', { room }, r as never));
    client.disconnect();
    // A reply is two events (the entry and the case's counts).
    for (let i = 0; i < wanted / 2; i++) await reply(2_000_000 + wanted * 10 + i);
    const back = connect(url, { transports: ['websocket'] });
    await new Promise((r) => back.once('connect', () => r(null)));
    let got = 0;
    let refetch = false;
    const all = new Promise<number>((resolve) => {
      const count = (n: number) => {
        got += n;
        if (got === wanted) resolve(now());
      };
      back.on('room:event', () => count(1));
      back.on('room:events', (events: unknown[]) => count(events.length));
      back.on('room:refetch', () => {
        refetch = true;
        resolve(now());
      });
    });
    const t0 = now();
    const answer = await new Promise<{ replayed: number; refetch?: boolean }>((r) => back.emit('room:join', { room, lastSeq: joined.lastSeq }, r as never));
    const done = await Promise.race([all, sleep(5_000).then(() => NaN)]);
    back.disconnect();
    const what = answer.refetch || refetch ? 'refetch (explicit, no gap)' : `replayed ${answer.replayed}`;
    lines.push(`| ${wanted} | ${what} | ${ms(done - t0)} ms | ${wanted <= 500 ? 'all replayed ≤ 1 s' : 'explicit refetch'} |`);
  }
  lines.push('');
  console.log(lines.slice(-4).join('\n'));
}

