/**
 * Case reads per second through the site with the replica taking them, against the same with the
 * replica stopped (site.sh stop-replica: the nodes find it gone and read from the primary), then
 * with it back. What the databases do is read, so the nodes run with their read cache off for it
 * (restarted one by one with READ_CACHE_TTL_MS=0) and each request's URL is new, past nginx's second.
 * Each server's committed transactions over a phase show where the reads went.
 */
import os from 'node:os';
import autocannon from 'autocannon';
import { adminQuery } from '@server/test/pg-admin';
import fs from 'node:fs';
import path from 'node:path';
import { ms, sleep, type LiveOptions } from '../live/common';
import { readCpuMs } from '../live/process-cpu';
import type { DeploySite } from './site';

interface Phase {
  label: string;
  /** The machine's one-minute load average as the phase began. */
  loadAverage: number;
  perSecond: number;
  p50: number;
  p99: number;
  failed: number;
  /** Transactions committed on the primary and on the replica over the phase. */
  primaryTx: number;
  replicaTx: number;
  /** CPU time of each PostgreSQL server (the postmaster and its processes) per read, µs. */
  primaryCpuUs: number;
  replicaCpuUs: number;
}

/** A process's parent, its CPU time so far and that of its children it has reaped (ms, at Linux's 100 ticks a second); null when it is gone. */
function statOf(pid: string): { ppid: string; cpuMs: number; reapedMs: number } | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return { ppid: fields[1]!, cpuMs: readCpuMs(Number(pid)), reapedMs: (Number(fields[13]) + Number(fields[14])) * 10 };
  } catch {
    return null;
  }
}

/**
 * The CPU used so far by one PostgreSQL server of the site: its postmaster, the processes it runs,
 * and those that have ended (the postmaster reaps them, so their time is counted in its own). NaN
 * when it is down.
 */
function serverCpuMs(site: DeploySite, name: 'primary' | 'replica'): number {
  const file = path.join(site.dir, 'pg', name, 'postmaster.pid');
  const postmaster = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n')[0]! : '';
  const own = statOf(postmaster);
  if (!own) return NaN;
  const children = fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p)).map(statOf);
  return own.cpuMs + own.reapedMs + children.reduce((sum, c) => sum + (c?.ppid === postmaster ? c.cpuMs : 0), 0);
}

const committed = (url: string) =>
  adminQuery<{ n: string }>(url, 'SELECT xact_commit AS n FROM pg_stat_database WHERE datname = current_database()').then(
    (rows) => Number(rows[0]!.n),
    () => NaN,
  );
const count = (x: number) => (Number.isNaN(x) ? '–' : String(x));

async function restartNodes(site: DeploySite, env: Record<string, string>) {
  for (const node of site.nodes) {
    await site.sh(['kill-node', String(node.n)]);
    await site.sh(['start-node', String(node.n)], env);
  }
}

async function awaitRotation(site: DeploySite, inRotation: number) {
  for (let i = 0; i < 300; i++) {
    const states = await Promise.all(site.nodes.map((n) => site.health(n.url).then((h) => h.replicas?.inRotation ?? -1, () => -1)));
    if (states.every((s) => s === inRotation)) return;
    await sleep(100);
  }
  throw new Error(`the nodes did not reach ${inRotation} replica(s) in rotation within 30 s`);
}

async function load(url: string, connections: number, seconds: number) {
  return new Promise<autocannon.Result>((resolve, reject) => autocannon({ url, connections, duration: seconds, idReplacement: true }, (e, r) => (e ? reject(e) : resolve(r))));
}

async function phase(site: DeploySite, label: string, o: LiveOptions, connections: number): Promise<Phase> {
  const url = `${site.url}/api/player?dbId=${site.caseId}&r=[<id>]`;
  await load(url, connections, 2); // warm-up
  const replica = site.replicaUrls[0]!;
  const loadAverage = os.loadavg()[0]!;
  const before = await Promise.all([committed(site.primaryUrl), committed(replica)]);
  const cpuBefore = [serverCpuMs(site, 'primary'), serverCpuMs(site, 'replica')];
  const r = await load(url, connections, o.seconds);
  const cpu = [serverCpuMs(site, 'primary') - cpuBefore[0]!, serverCpuMs(site, 'replica') - cpuBefore[1]!].map((x) => (x * 1000) / Math.max(1, r.requests.total));
  // PostgreSQL publishes a backend's counts within a second.
  await sleep(1500);
  const after = await Promise.all([committed(site.primaryUrl), committed(replica)]);
  const result = { label, loadAverage, perSecond: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, failed: r.non2xx + r.errors + r.timeouts, primaryTx: after[0] - before[0], replicaTx: after[1] - before[1], primaryCpuUs: cpu[0]!, replicaCpuUs: cpu[1]! };
  // What the failures were: answers other than 2xx (by status), connection errors, timeouts.
  console.log({ ...result, non2xx: r.non2xx, errors: r.errors, timeouts: r.timeouts, statuses: r.statusCodeStats });
  return result;
}

export async function deployReplicaReads(lines: string[], o: LiveOptions, site: DeploySite, connections: number) {
  if (site.replicaUrls.length === 0) return void lines.push('#### Case reads, replica against primary', '', 'not run: the site has no replica', '');
  console.log('restarting the nodes with the read cache off');
  await restartNodes(site, { READ_CACHE_TTL_MS: '0' });
  const phases: Phase[] = [];
  try {
    await awaitRotation(site, 1);
    phases.push(await phase(site, 'replica', o, connections));
    await site.sh(['stop-replica']);
    await awaitRotation(site, 0);
    phases.push(await phase(site, 'primary (replica stopped)', o, connections));
    await site.sh(['start-replica']);
    await awaitRotation(site, 1);
    phases.push(await phase(site, 'replica again', o, connections));
  } finally {
    // A site the bench did not start gets its nodes back as they were.
    if (!site.own) await restartNodes(site, {});
  }
  const primary = phases[1]!.perSecond;
  lines.push(
    '#### Case reads through the site: replica against primary',
    '',
    `\`GET /api/player?dbId=…\` of one case through nginx, ${connections} connections, ${o.seconds} s per phase after a 2 s warm-up (autocannon in the bench's process). Every URL is new (nginx's second does not keep it) and the nodes run with \`READ_CACHE_TTL_MS=0\`, so each read reaches a database. "primary": the replica stopped (site.sh stop-replica) and out of every node's rotation; then started again and back in rotation. Transactions = each server's committed transactions over the phase (where the reads went; the nodes' own lag checks add a few); CPU per read = each PostgreSQL server's CPU time (all its processes, from /proc) over the phase divided by the reads answered. All of it shares the machine's ${'2'} cores with the three nodes and nginx.`,
    '',
    '| reads on | load average at the start | reads/s | / primary | latency p50 / p99 | failed | transactions on primary / replica | CPU per read on primary / replica |',
    '|---|---|---|---|---|---|---|---|',
    ...phases.map((p) => `| ${p.label} | ${p.loadAverage.toFixed(1)} | ${p.perSecond.toFixed(0)} | ×${(p.perSecond / primary).toFixed(2)} | ${ms(p.p50)} / ${ms(p.p99)} ms | ${p.failed} | ${count(p.primaryTx)} / ${count(p.replicaTx)} | ${count(Math.round(p.primaryCpuUs))} / ${count(Math.round(p.replicaCpuUs))} µs |`),
    '',
  );
}
