/**
 * The local multi-machine deploy (deploy/local/site.sh) as the deploy bench drives it: started in a
 * folder and on ports of its own (and stopped at the end), or one already running, named by its
 * SITE_DIR. A site the bench starts carries the loop probe in each node, so a node's event-loop lag
 * can be read from outside as in the two-node scenarios (bench/live/nodes.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { sleep } from '../live/common';
import { bundled, probeFile, readRssMb } from '../live/hosts';
import { signIn } from '../live/nodes';
import { describeSite, type SiteDescription } from './site-files';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const PASSWORD = 'bench-deploy-site';
/** A site of the bench's own: ports apart from site.sh's defaults (8800…) and the browser suite's (8850…). */
const OWN_PORTS = { SITE_PORT: '8870', PG_PRIMARY_PORT: '5480', REDIS_CLUSTER_BASE: '7400', S3_PORT: '9170' };

export interface DeployNode {
  n: number;
  url: string;
  /** The running process (site.sh's pid file): a node started again has a new one. */
  readonly pid: number;
  rssMb(): number;
  /** Event-loop delay since the previous call (p99, max; ms); NaN on a site the bench did not start. */
  loopLag(): Promise<{ p99: number; max: number }>;
}

export interface DeploySite extends SiteDescription {
  dir: string;
  nodes: DeployNode[];
  /** Started by the bench (and stopped by close()). */
  own: boolean;
  /** Runs deploy/local/site.sh on this site; `env` adds variables the nodes it starts inherit. */
  sh(args: string[], env?: Record<string, string>): Promise<string>;
  signIn(username: string): Promise<string>;
  health(url: string): Promise<{ replicas?: { inRotation: number; of: number } }>;
  /** The first case of the demo data. */
  caseId: number;
  close(): Promise<void>;
}

function readDescription(dir: string): SiteDescription {
  const envs = fs
    .readdirSync(dir)
    .flatMap((name) => (/^node(\d+)$/.exec(name) && fs.existsSync(path.join(dir, name, 'env')) ? [[Number(name.slice(4)), fs.readFileSync(path.join(dir, name, 'env'), 'utf8')] as [number, string]] : []));
  return describeSite(fs.readFileSync(path.join(dir, 'secret'), 'utf8'), envs);
}

/** `siteDir`: a running site's folder; without it the bench starts one (after `npm run build`). */
export async function openSite(siteDir?: string): Promise<DeploySite> {
  const own = !siteDir;
  const dir = siteDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'tribunal-bench-deploy-'));
  const probeDir = own ? fs.mkdtempSync(path.join(os.tmpdir(), 'tribunal-bench-deploy-probe-')) : null;
  let extra: Record<string, string> = { ...OWN_PORTS, DEMO_PASSWORD: PASSWORD };
  if (own) {
    await bundled();
    execFileSync('npm', ['run', '--silent', 'build:server'], { cwd: ROOT, stdio: 'inherit' });
    // The nodes inherit site.sh's environment: the probe goes into each one (and is idle in site.sh's own small node runs).
    extra = { ...extra, NODE_OPTIONS: `--import ${probeFile('loop-probe')}`, LOOP_PROBE_DIR: probeDir! };
  }
  const sh = async (args: string[], env: Record<string, string> = {}) => {
    const { stdout } = await run('bash', [path.join(ROOT, 'deploy/local/site.sh'), ...args], { cwd: ROOT, env: { ...process.env, ...extra, SITE_DIR: dir, ...env }, timeout: 300_000 });
    return stdout;
  };
  if (own) {
    console.log(`starting the local deploy in ${dir} (site on ${OWN_PORTS.SITE_PORT})`);
    await sh(['start']);
  }
  const description = readDescription(dir);
  if (!own) {
    if (!description.demoPassword) throw new Error('the site was started without DEMO_PASSWORD: the bench signs in as the demo accounts');
    extra = { ...description.shEnv, DEMO_PASSWORD: description.demoPassword };
  }
  const password = description.demoPassword ?? PASSWORD;
  const pidOf = (n: number) => Number(fs.readFileSync(path.join(dir, `node${n}.pid`), 'utf8'));
  const nodes: DeployNode[] = description.nodes.map(({ n, url }) => ({
    n,
    url,
    get pid() {
      return pidOf(n);
    },
    rssMb: () => readRssMb(pidOf(n)),
    async loopLag() {
      if (!probeDir) return { p99: NaN, max: NaN };
      const pid = pidOf(n);
      const file = path.join(probeDir, `${pid}.json`);
      fs.rmSync(file, { force: true });
      process.kill(pid, 'SIGUSR2');
      for (let i = 0; i < 200 && !fs.existsSync(file); i++) await sleep(10);
      return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as { p99: number; max: number }) : { p99: NaN, max: NaN };
    },
  }));
  const cases = (await (await fetch(`${description.url}/api/players?limit=1`)).json()) as { data: { result: Array<{ id: number }> } };
  return {
    ...description,
    dir,
    nodes,
    own,
    sh,
    // At node 1: the captcha a staff sign-in solves is asked and answered at one node.
    signIn: (username) => signIn(nodes[0]!.url, description.secret, username, password),
    health: async (url) => ((await (await fetch(`${url}/api/health`)).json()) as { data: { replicas?: { inRotation: number; of: number } } }).data,
    caseId: cases.data.result[0]!.id,
    async close() {
      if (!own) return;
      await sh(['stop']).catch((e) => console.error(e));
      fs.rmSync(probeDir!, { recursive: true, force: true });
    },
  };
}
