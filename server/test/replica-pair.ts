import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './free-port';

const run = promisify(execFile);

/** Where Debian keeps PostgreSQL's programs (the newest version installed), or null. */
export function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin', 'pg_basebackup')));
  versions.sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}


/** Memory (tmpfs) where there is one: the clusters' files are copied and written there much faster than on disk. */
const scratch = () => (fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir());

type PgRun = (program: string, args: string[]) => Promise<unknown>;

/**
 * A fresh cluster made by initdb once per machine and PostgreSQL version (initdb took 8 s on a busy
 * machine; a copy takes a fraction of it), kept beside the clusters.
 */
async function initdbTemplate(bin: string, pgRun: PgRun): Promise<string> {
  const dir = path.join(scratch(), `tribunal-pg-initdb-${path.basename(path.dirname(bin))}`);
  if (fs.existsSync(path.join(dir, 'PG_VERSION'))) return dir;
  const partial = fs.mkdtempSync(`${dir}.partial-`);
  if (process.getuid?.() === 0) await run('chown', ['postgres:postgres', partial]);
  await pgRun('initdb', ['-D', path.join(partial, 'data'), '-U', 'postgres', '-A', 'trust', '--no-sync', '--no-instructions']);
  try {
    fs.renameSync(path.join(partial, 'data'), dir);
  } catch (e) {
    // Another test file made it meanwhile.
    if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) throw e;
  }
  fs.rmSync(partial, { recursive: true, force: true });
  return dir;
}

export interface ReplicaPair {
  primaryUrl: string;
  replicaUrl: string;
  /** Runs one statement on the replica (as the superuser): `select pg_wal_replay_pause()`. */
  onReplica(text: string): Promise<void>;
  stopReplica(): Promise<void>;
  startReplica(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A PostgreSQL primary and a streaming replica of it, each a cluster of its own
 * in a temporary directory on a free loopback port, trusting local connections. PostgreSQL refuses
 * to run as root: as root, the clusters run as the `postgres` user.
 */
export async function startReplicaPair(): Promise<ReplicaPair> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL is not installed under /usr/lib/postgresql');
  const dir = fs.mkdtempSync(path.join(scratch(), 'tribunal-replicas-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) await run('chown', ['postgres:postgres', dir]);
  const pgRun: PgRun = (program, args) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args], { cwd: dir }) : run(path.join(bin, program), args, { cwd: dir });
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const primaryDir = path.join(dir, 'primary');
  const replicaDir = path.join(dir, 'replica');
  // Quick to start and to stop, nothing kept: no fsync, small buffers, sockets in the temporary directory.
  const options = (port: number) => `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c shared_buffers=16MB`;
  const start = (data: string, port: number) => pgRun('pg_ctl', ['-D', data, '-o', options(port), '-l', `${data}.log`, '-w', '-t', '30', 'start']);
  const stop = (data: string) => pgRun('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  try {
    // Two copies of one cleanly stopped cluster: the replica starts from the primary's first
    // position and streams from there, as after a base backup taken before the primary started.
    const template = await initdbTemplate(bin, pgRun);
    for (const target of [primaryDir, replicaDir]) await run('cp', ['-a', template, target]);
    fs.writeFileSync(path.join(replicaDir, 'standby.signal'), '');
    fs.appendFileSync(path.join(replicaDir, 'postgresql.auto.conf'), `primary_conninfo = 'host=127.0.0.1 port=${primaryPort} user=postgres'\n`);
    await Promise.all([start(primaryDir, primaryPort), start(replicaDir, replicaPort)]);
  } catch (e) {
    await stop(replicaDir).catch(() => undefined);
    await stop(primaryDir).catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
    throw e;
  }
  const replicaUrl = `postgres://postgres@127.0.0.1:${replicaPort}/postgres`;
  return {
    primaryUrl: `postgres://postgres@127.0.0.1:${primaryPort}/postgres`,
    replicaUrl,
    async onReplica(text) {
      const client = new pg.Client({ connectionString: replicaUrl });
      await client.connect();
      try {
        await client.query(text);
      } finally {
        await client.end();
      }
    },
    stopReplica: async () => void (await stop(replicaDir)),
    startReplica: async () => void (await start(replicaDir, replicaPort)),
    async close() {
      await stop(replicaDir).catch(() => undefined);
      await stop(primaryDir).catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
