/**
 * What every live-bench scenario shares: clocks and percentiles, the client fleets and the sender
 * (child processes on loopback), the options from the command line, and the one-node servers (each
 * in a process of its own) with a bot account and one case to write to.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fork, type ChildProcess } from 'node:child_process';
import { adminQuery, databaseUrlFor, dropDatabase, quoteIdent } from '@server/test/pg-admin';
import type { Answered, Planned } from './scheduled-sender';
import { startHost, startTribunalHost, type Host } from './hosts';
import type { TribunalOps } from './tribunal-host';
import type { BareOps } from './bare-host';

export interface LiveOptions {
  sizes: number[];
  replies: number;
  /** S2: rounds per size, each measuring both servers (their order alternating), pooled: a machine whose speed drifts slows both alike. */
  rounds: number;
  fleets: number;
  gapMs: number;
  /** S4: chat messages a second (all pairs together). */
  rates: number[];
  /** S5: sockets watching the voted case. */
  viewers: number[];
  /** S9: cases in the search dataset, and concurrent clients at the box. */
  cases: number;
  typists: number[];
  /** How long each timed load runs (S4, S9). */
  seconds: number;
  /** The one-node scenarios' database (S2, S4, S5): PGlite in the process, or DATABASE_URL's PostgreSQL server. */
  db: 'pglite' | 'postgres';
}

export const now = () => performance.timeOrigin + performance.now();
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const pct = (xs: number[], p: number) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]! : NaN);
export const ms = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '–');
export const signed = (x: number) => (x >= 0 ? `+${ms(x)}` : `−${ms(-x)}`);
/** How a section names the server's run mode. */
export const modeLabel = (db: LiveOptions['db']) => (db === 'postgres' ? 'PostgreSQL' : 'embedded, PGlite on disk');

export interface Fleet {
  child: ChildProcess;
  ask<T>(type: string): Promise<T>;
}
export async function startFleet(url: string, room: string, count: number, kind: 'tribunal' | 'bare', script = 'fleet.ts'): Promise<Fleet> {
  const child = fork(path.join(import.meta.dirname, script), [url, room, String(count), kind], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  await new Promise<void>((resolve, reject) => {
    child.once('message', (m: { type: string }) => (m.type === 'ready' ? resolve() : reject(new Error(String(m.type)))));
    child.once('exit', (code) => reject(new Error(`fleet exited ${code}`)));
  });
  return {
    child,
    ask: <T>(type: string) =>
      new Promise<T>((resolve) => {
        child.once('message', (m) => resolve(m as T));
        child.send({ type });
      }),
  };
}

export interface Sent {
  sentAt: number;
  responseMs: number;
  status: number;
  text: string;
}
/** The process that sends the writes (bench/live/sender.ts). */
export async function startSender() {
  const child = fork(path.join(import.meta.dirname, 'sender.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  await new Promise((r) => child.once('message', r));
  return {
    post(url: string, headers: Record<string, string>, body: unknown): Promise<Sent> {
      return new Promise((resolve, reject) => {
        child.once('message', (m: Sent) => (m.status >= 300 ? reject(new Error(`${url} answered ${m.status} ${m.text}`)) : resolve(m)));
        child.send({ type: 'send', url, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
      });
    },
    stop: () => child.send({ type: 'stop' }),
  };
}
export type Send = (marker: number) => Promise<Sent>;


/**
 * A Tribunal node with a bot's token and one open case, in a process of its own as a site runs it
 * (bench/live/hosts.ts): embedded (PGlite in a fresh data directory on disk), or on a fresh database
 * of DATABASE_URL's PostgreSQL server (dropped on close); one node, no Redis.
 */
export async function startBenchServer(db: LiveOptions['db'] = 'pglite') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribunal-bench-live-'));
  const adminUrl = process.env.DATABASE_URL;
  if (db === 'postgres' && !adminUrl) throw new Error('--db postgres needs DATABASE_URL');
  const dbName = `tribunal_live_one_${crypto.randomBytes(4).toString('hex')}`;
  const cleanUp = async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (db === 'postgres') await dropDatabase(adminUrl!, dbName);
  };
  if (db === 'postgres') await adminQuery(adminUrl!, `CREATE DATABASE ${quoteIdent(dbName)}`);
  let host: Host<TribunalOps>;
  try {
    host = await startTribunalHost({ DATA_DIR: dataDir, ...(db === 'postgres' ? { DATABASE_URL: databaseUrlFor(adminUrl!, dbName) } : {}) });
  } catch (e) {
    await cleanUp();
    throw e;
  }
  const token = await host.call('botToken');
  const dbId = await host.call('openCase');
  return {
    host,
    url: host.url,
    token,
    dbId,
    room: `case:${dbId}`,
    /** Files one more case (a new suspect each time) as the bot; its database id. */
    openCase: () => host.call('openCase'),
    async close() {
      await host.close();
      await cleanUp();
    },
  };
}

/** The bare Socket.IO baseline, in a process of its own like the Tribunal node. */
export const startBareHost = () => startHost<BareOps>('bare-host');

/** Runs a schedule of writes from its own process (bench/live/scheduled-sender.ts); one schedule per process. */
export async function sendScheduled(plan: Planned[]): Promise<Answered[]> {
  const child = fork(path.join(import.meta.dirname, 'scheduled-sender.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  await new Promise((r) => child.once('message', r));
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve(m as Answered[]));
    child.once('exit', (code) => reject(new Error(`the sender exited (${code}) before answering`)));
    child.send(plan);
  });
}
