/**
 * Two real server processes (bin/tribunal.js: the prebuilt server) on one fresh
 * PostgreSQL database and one Redis prefix, for the scenarios that span nodes (S3, S6, S7). Each process carries the loop probe, so
 * its RSS (from /proc) and event-loop lag can be read from outside.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { adminQuery, databaseUrlFor, dropDatabase, quoteIdent } from '@server/test/pg-admin';
import { startNode, type NodeProcess } from '@server/test/node-process';
import { openAnswer } from '@server/infra/captcha';
import { createRedis } from '@server/infra/redis';
import { sleep } from './common';
import { bundled, probeFile, readRssMb } from './hosts';

const PASSWORD = 'bench-live-nodes';

export interface BenchNode extends NodeProcess {
  pid: number;
  /** Resident memory now, from /proc. */
  rssMb(): number;
  /** Event-loop delay since the previous call (p99 and max, ms). */
  loopLag(): Promise<{ p99: number; max: number }>;
}

export interface TwoNodeSite {
  nodes: BenchNode[];
  /** Starts one more node on the same database and Redis prefix. */
  addNode(): Promise<BenchNode>;
  /** A token of a demo account (demo-bot skips the captcha; staff solve it with the site's secret). */
  signIn(url: string, username: string): Promise<string>;
  /** The first case of the demo data. */
  caseId: number;
  close(): Promise<void>;
}

/** Null (and the scenario prints "not run") when DATABASE_URL or REDIS_URL is unset. */
export const serverModeUrls = () => (process.env.DATABASE_URL && process.env.REDIS_URL ? { adminUrl: process.env.DATABASE_URL, redisUrl: process.env.REDIS_URL } : null);
export const NOT_RUN = 'not run: set DATABASE_URL and REDIS_URL';

/** A marked reply text; the site refuses one ≥ 96 % like the author's previous, so each carries random words. */
export const markedText = (marker: number) => `<p>bench-mark-${marker}- ${crypto.randomBytes(12).toString('base64url')} seen tracking through smoke again.</p>`;

export async function startTwoNodeSite(adminUrl: string, redisUrl: string, count = 2): Promise<TwoNodeSite> {
  const dbName = `tribunal_live_${crypto.randomBytes(4).toString('hex')}`;
  const prefix = `bench${crypto.randomBytes(4).toString('hex')}:`;
  const probeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribunal-bench-probe-'));
  await bundled();
  // What bin/tribunal.js runs.
  execFileSync('npm', ['run', '--silent', 'build:server'], { cwd: path.resolve(import.meta.dirname, '../..'), stdio: 'inherit' });
  await adminQuery(adminUrl, `CREATE DATABASE ${quoteIdent(dbName)}`);
  const secret = crypto.randomBytes(24).toString('hex');
  const env = {
    SECRET: secret,
    SEED_DEMO: 'true',
    DEMO_PASSWORD: PASSWORD,
    DATABASE_URL: databaseUrlFor(adminUrl, dbName),
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    LOOP_PROBE_DIR: probeDir,
    // BENCH_CPU_PROF=<dir>: each node writes a V8 CPU profile there when it stops (to see where a scenario's time goes).
    // As a site runs them: the prebuilt server (bin/tribunal.js), with the probes bundled.
    NODE_ENV: 'production',
    NODE_OPTIONS: `--import ${probeFile('loop-probe')} --import ${probeFile('cpu-profile')}`,
  };
  const nodes: BenchNode[] = [];
  const addNode = async () => {
    const n = await startNode(env);
    const pid = n.child.pid!;
    const node: BenchNode = {
      ...n,
      pid,
      rssMb: () => readRssMb(pid),
      async loopLag() {
        const file = path.join(probeDir, `${pid}.json`);
        fs.rmSync(file, { force: true });
        process.kill(pid, 'SIGUSR2');
        for (let i = 0; i < 200 && !fs.existsSync(file); i++) await sleep(10);
        return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as { p99: number; max: number }) : { p99: NaN, max: NaN };
      },
    };
    nodes.push(node);
    return node;
  };
  try {
    // One after the other: the first migrates the fresh database and seeds the demo data.
    for (let i = 0; i < count; i++) await addNode();
    const first = nodes[0]!.url;
    const cases = (await (await fetch(`${first}/api/players?limit=1`)).json()) as { data: { result: Array<{ id: number }> } };
    return {
      nodes,
      addNode,
      caseId: cases.data.result[0]!.id,
      signIn: (url, username) => signIn(url, secret, username),
      async close() {
        for (const n of nodes) if (n.child.exitCode === null && n.child.signalCode === null) await n.stop().catch(() => n.kill());
        await dropDatabase(adminUrl, dbName);
        const redis = createRedis(redisUrl);
        const keys = await redis.keys(`${prefix}*`);
        if (keys.length) await redis.del(...keys);
        redis.disconnect();
        fs.rmSync(probeDir, { recursive: true, force: true });
      },
    };
  } catch (e) {
    for (const n of nodes) await n.kill();
    await dropDatabase(adminUrl, dbName).catch(() => undefined);
    throw e;
  }
}

/** A demo account's token; staff solve the captcha with the site's secret. */
export async function signIn(url: string, secret: string, username: string, password = PASSWORD): Promise<string> {
  const post = (body: unknown) => fetch(`${url}/api/user/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  let res: Response;
  if (username === 'demo-bot') res = await post({ data: { username, password }, SKIP_CAPTCHA: true });
  else {
    const captcha = (await (await fetch(`${url}/api/captcha`)).json()) as { data: { hash: string } };
    const answer = openAnswer(secret, captcha.data.hash)!;
    res = await post({ data: { username, password }, captcha: { captchaType: 'svg', encryptCaptcha: captcha.data.hash, response: answer.text } });
  }
  const body = (await res.json()) as { data?: { token?: string } };
  if (res.status !== 200 || !body.data?.token) throw new Error(`sign-in of ${username} answered ${res.status} ${JSON.stringify(body)}`);
  return body.data.token;
}
