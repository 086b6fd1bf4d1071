/**
 * S5: ten staff vote on one case within 50 ms while N visitors watch its page, one node (embedded).
 * Anomalies: the server's committed order of the votes (the timeline, read afterwards) is replayed
 * through the rules (server/test/vote-replay.ts); the database and every viewer must end on that
 * tally and status, each viewer with every sequence number once. Convergence: a viewer's last event
 * after the last vote was sent. Baseline: a bare Socket.IO server sending the same frames to the
 * same N within the same 50 ms.
 */
import { io as connect } from 'socket.io-client';
import type { JudgeAction } from '@shared/judgement';
import { replayVotes } from '@server/test/vote-replay';
import { ms, pct, sendScheduled, sleep, startBareHost, startBenchServer, startFleet, type Fleet, type LiveOptions, modeLabel } from './common';
import { watchRss } from './hosts';
import type { Planned } from './scheduled-sender';
import type { ViewerEnd } from './watch-fleet';

const STAFF = 10;
const WINDOW_MS = 50;
const WARM_UP_ROUNDS = 3;
/** Mostly guilt, with a discussion breaking the run now and then: the tally moves both ways. */
const actionOf = (i: number): JudgeAction => (i % 4 === 2 ? 'discuss' : 'guilt');

async function watchers(o: LiveOptions, url: string, room: string, n: number, kind: 'tribunal' | 'bare') {
  return Promise.all(Array.from({ length: o.fleets }, (_, i) => startFleet(url, room, Math.floor(n / o.fleets) + (i < n % o.fleets ? 1 : 0), kind, 'watch-fleet.ts')));
}
async function ends(fleets: Fleet[]): Promise<ViewerEnd[]> {
  const reports = await Promise.all(fleets.map((f) => f.ask<{ views: ViewerEnd[] }>('report')));
  for (const f of fleets) f.child.send({ type: 'stop' });
  await Promise.all(fleets.map((f) => new Promise((r) => (f.child.exitCode !== null ? r(null) : f.child.once('exit', r)))));
  return reports.flatMap((r) => r.views);
}

/**
 * Viewers who did not get exactly first..last once each (in that order when `inOrder`), or who end
 * elsewhere than `expected`. The bare baseline's frames travel on concurrent requests, so they may
 * arrive in another order: for it only the set counts.
 */
function anomalies(views: ViewerEnd[], first: number, last: number, expected: { status: number; voters: number[] }, inOrder: boolean) {
  const wanted = Array.from({ length: last - first + 1 }, (_, k) => first + k).join(',');
  const got = (v: ViewerEnd) => (inOrder ? v.seqs : [...v.seqs].sort((a, b) => a - b)).join(',');
  return views.filter((v) => got(v) !== wanted || v.status !== expected.status || JSON.stringify(v.voters) !== JSON.stringify(expected.voters)).length;
}

export async function scenarioS5(lines: string[], o: LiveOptions) {
  const site = await startBenchServer(o.db);
  const { host, url } = site;
  const bare = await startBareHost();
  try {
    const staff = await Promise.all(Array.from({ length: STAFF }, (_, i) => host.call('account', `bench-s5-admin-${i}`, ['admin'])));
    lines.push(
      `### S5: ${STAFF} staff vote on one case within ${WINDOW_MS} ms while N visitors watch, one node (${modeLabel(o.db)})`,
      '',
      `Votes ${actionOf(0)}/${actionOf(2)} mixed (every 4th a discussion), sent ${WINDOW_MS / STAFF} ms apart from one process, on a case waiting for votes (status 6). Anomalies: viewers (and the database) not ending on the tally and status that the server's committed order replays to, or missing / repeating a sequence number. Converged = a viewer's last event − the last vote sent; "bare" (its frames ride concurrent requests, so only the set of sequence numbers is checked for it) = a plain Socket.IO server sending the same frames to the same N within the same ${WINDOW_MS} ms. ${o.fleets} client processes. Before the first size, ${WARM_UP_ROUNDS} rounds that nobody watches warm each server up (not measured). Each server runs in a process of its own as a site runs it (bench/live/hosts.ts); RSS and loop lag are the Tribunal node's own.`,
      '',
      '| N | server | anomalies (viewers / database) | converged p50 | p99 | max | after the last answer (max) | vote answer p50 / max | RSS max | loop lag p99 | target |',
      '|---|---|---|---|---|---|---|---|---|---|---|',
    );
    /** The ten votes on case `dbId`, spread over the window. */
    const votePlan = (dbId: number): Planned[] =>
      staff.map((s, i) => ({
        atMs: (i * WINDOW_MS) / STAFF,
        url: `${url}/api/player/judgement`,
        headers: { 'x-access-token': s.token },
        body: JSON.stringify({ data: { toPlayerId: dbId, action: actionOf(i), cheatMethods: ['aimbot'], content: `<p>Vote ${i} on case ${dbId}: the footage shows the aim snapping through smoke, round after round.</p>` } }),
      }));
    // Warm-up, not measured: a first run of the vote path is several times slower than the next
    // ones (its code not yet compiled by V8), and the first size measured would carry it alone.
    // Each server gets the same number of rounds with nobody watching.
    for (let round = 0; round < WARM_UP_ROUNDS; round++) {
      const dbId = await site.openCase();
      await host.call('setStatus', dbId, 6);
      await sendScheduled(votePlan(dbId));
      await sendScheduled(staff.map((_, k) => ({ atMs: (k * WINDOW_MS) / STAFF, url: `${bare.url}/reply`, headers: {}, body: JSON.stringify({ room: `case:warm-up-${round}`, events: [] }) })));
    }
    for (const n of o.viewers) {
      const dbId = await site.openCase();
      await host.call('setStatus', dbId, 6);
      const room = `case:${dbId}`;
      // A page of our own, to hand the bare server the very frames the viewers got.
      const probe = connect(url, { transports: ['websocket'] });
      await new Promise((r) => probe.once('connect', () => r(null)));
      const frames: unknown[][] = [];
      probe.on('room:event', (e) => frames.push([e]));
      probe.on('room:events', (es: unknown[]) => frames.push(es));
      const joined = await new Promise<{ lastSeq: number }>((r) => probe.emit('room:join', { room }, r as never));
      const fleets = await watchers(o, url, room, n, 'tribunal');
      await sleep(300);

      await host.call('lagStart');
      const stopRss = watchRss([host.pid], 20);
      const answers = await sendScheduled(votePlan(dbId));
      await sleep(Math.max(1000, n));
      const [rss] = stopRss();
      const lagP99 = await host.call('lagStop');
      const views = await ends(fleets);
      probe.disconnect();
      const refused = answers.filter((a) => a.status !== 200);
      if (refused.length) throw new Error(`votes refused: ${refused.map((a) => `${a.status} ${a.text}`).join('; ')}`);

      const votes = await host.call('votes', dbId);
      const expected = replayVotes(6, votes);
      const status = await host.call('caseStatus', dbId);
      const last = await host.call('lastSeq', room);
      const lastSent = Math.max(...answers.map((a) => a.sentAt));
      const lastAnswered = Math.max(...answers.map((a) => a.answeredAt));
      const converged = views.map((v) => v.lastAt - lastSent);
      const answerMs = answers.map((a) => a.answeredAt - a.sentAt);
      const tribunalAnomalies = anomalies(views, joined.lastSeq + 1, last, expected, true);
      const dbAnomaly = status !== expected.status || votes.length !== STAFF ? 1 : 0;

      // The same frames, the same N, the same window, from a server that only relays them.
      const bareFleets = await watchers(o, bare.url, room, n, 'bare');
      await sleep(300);
      const bareAnswers = await sendScheduled(
        frames.map((events, k) => ({ atMs: Math.floor((k * WINDOW_MS) / frames.length), url: `${bare.url}/reply`, headers: {}, body: JSON.stringify({ room, events }) })),
      );
      await sleep(Math.max(1000, n));
      const bareViews = await ends(bareFleets);
      const bareLastSent = Math.max(...bareAnswers.map((a) => a.sentAt));
      const bareConverged = bareViews.map((v) => v.lastAt - bareLastSent);
      const bareAnomalies = anomalies(bareViews, joined.lastSeq + 1, last, expected, false);

      lines.push(
        `| ${n} | bare (${frames.length} frames, ${frames.flat().length} events) | ${bareAnomalies} / – | ${ms(pct(bareConverged, 0.5))} | ${ms(pct(bareConverged, 0.99))} | ${ms(Math.max(...bareConverged))} | | | | | |`,
        `| ${n} | Tribunal (${votes.length} votes) | ${tribunalAnomalies} / ${dbAnomaly} | ${ms(pct(converged, 0.5))} | ${ms(pct(converged, 0.99))} | ${ms(Math.max(...converged))} | ${ms(Math.max(...views.map((v) => v.lastAt - lastAnswered)))} | ${ms(pct(answerMs, 0.5))} / ${ms(Math.max(...answerMs))} | ${rss!.toFixed(0)} MB | ${ms(lagP99)} | 0 anomalies; all ≤ 250 ms |`,
      );
      console.log(lines.slice(-2).join('\n'));
    }
    lines.push('');
  } finally {
    await bare.close();
    await site.close();
  }
}
