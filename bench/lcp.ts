/**
 * Largest Contentful Paint of the public pages on a phone: `npm run bench:lcp -- [--runs 5]
 * [--pages home,caseList] [--no-build] [--section lcp] [--against <dir>]`.
 *
 * The server runs in a process of its own, embedded (PGlite) with the demo data, serving the built
 * client as a site does. Each load is a cold one in Chromium with Lighthouse's mobile settings: the
 * CPU 4× slower, 1.6 Mbit/s down and 750 kbit/s up with 150 ms round trips, a cold cache, a phone's
 * screen. Each load has a browser context of its own, so its cache starts empty (and preloads work as
 * on a first visit, which DevTools' "disable cache" would not let them). LCP is the last
 * `largest-contentful-paint` entry once the page went quiet. The pages take turns run after run, so a
 * machine that slows down slows every page alike.
 *
 * `--client-dir <dir>` serves another build instead of dist/client (with the first paint of the
 * server entry in `<dir>/../ssr`, none when there is none). `--against <dir>` also serves
 * that build (an older one) from a second server and loads each page from both in turn: on a machine
 * shared with other work, the two builds are compared under the same load. `--shifts` prints each layout shift with what moved. `--waterfall` prints each
 * request of a page's first load (start and end after navigation, bytes): where the time goes.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import puppeteer, { type Browser } from 'puppeteer-core';
import { writeResults } from './results';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    pages: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
    section: { type: 'string', default: 'lcp' },
    waterfall: { type: 'boolean', default: false },
    shifts: { type: 'boolean', default: false },
    'client-dir': { type: 'string' },
    against: { type: 'string' },
  },
});
const RUNS = Number(values.runs);
const root = path.resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.PUPPETEER_EXECUTABLE_PATH ?? '/usr/bin/chromium';
/** What Lighthouse's mobile preset emulates (a mid-range phone on a slow 4G link). */
const THROTTLE = { cpu: 4, latencyMs: 150, downKbit: 1600, upKbit: 750 };
const VIEWPORT = { width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
const GOOD_MS = 2500;

if (!values['no-build'] && !values['client-dir']) execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });

interface Site {
  label: string;
  base: string;
  stop: () => void;
}

/** A node of its own (embedded, demo data) serving the build in `clientDir` (dist/client when unset). */
async function startSite(port: number, label: string, clientDir?: string): Promise<Site> {
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribunal-bench-lcp-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    SECRET: 'bench-secret-lcp-0123456789abcdef',
    SEED_DEMO: 'true',
    DEMO_PASSWORD: 'bench-demo',
    SERVE_CLIENT: 'true',
    LOG_LEVEL: 'warn',
  };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'PLATFORM_API_URL', 'CLIENT_DIR', 'FIRST_PAINT_MODULE']) delete env[name];
  if (clientDir) env.CLIENT_DIR = path.resolve(clientDir);
  const child: ChildProcess = await new Promise((resolve, reject) => {
    const c = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
    c.stdout!.on('data', (chunk: Buffer) => /Tribunal is running/.test(chunk.toString()) && resolve(c));
    c.on('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
  return {
    label,
    base,
    stop: () => {
      child.kill('SIGTERM');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const sites = [await startSite(8185, values['client-dir'] ? `the build in ${values['client-dir']}` : 'this build', values['client-dir'])];
if (values.against) sites.push(await startSite(8186, `the build in ${values.against}`, values.against));
const BASE = sites[0]!.base;
const stop = () => sites.forEach((site) => site.stop());

try {
  const cases = (await (await fetch(`${BASE}/api/players?status=-1&limit=1`)).json()) as { data: { result: Array<{ originPersonaId: string; originName: string }> } };
  const sample = cases.data.result[0];
  if (!sample) throw new Error('the demo data has no case');

  /** The public screens (shared/screens.ts), by name: what a visitor opens first. */
  const PAGES: Record<string, string> = {
    home: '/',
    caseList: '/player',
    case: `/player/${sample.originPersonaId}`,
    search: `/search/${encodeURIComponent(sample.originName.slice(0, 6))}`,
    siteStats: '/sitestats',
    about: '/about',
    link: '/link',
    apps: '/apps',
    announcement: '/announcement/antiCheatRules',
    signin: '/signin',
  };
  const chosen = values.pages ? values.pages.split(',').map((p) => p.trim()) : Object.keys(PAGES);
  for (const name of chosen) if (!PAGES[name]) throw new Error(`unknown page ${name}; known: ${Object.keys(PAGES).join(', ')}`);

  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic', '--lang=en-US'],
  });
  const version = (await browser.version()).replace(/^HeadlessChrome\//, '');
  const samples = new Map<Site, Map<string, Sample[]>>(sites.map((site) => [site, new Map(chosen.map((name) => [name, []]))]));
  try {
    for (const site of sites) await load(browser, `${site.base}/`); // warms the server (its first answers compile queries), not counted
    for (let run = 0; run < RUNS; run++) {
      for (const name of chosen) {
        // With two builds, each goes first every other run.
        for (const site of run % 2 ? [...sites].reverse() : sites) {
          const s = await load(browser, `${site.base}${PAGES[name]}`, values.waterfall && run === 0);
          s.cpu = (await load(browser, `${site.base}${PAGES[name]}`, false, 1)).cpu;
          samples.get(site)!.get(name)!.push(s);
          console.log(`run ${run + 1}/${RUNS} ${name.padEnd(12)} ${sites.length > 1 ? `${site.label.padEnd(20)} ` : ''}LCP ${ms(s.lcp)}  FCP ${ms(s.fcp)}  CLS ${s.cls.toFixed(3)}  CPU ${Math.round(s.cpu)} ms  ${s.scripts} scripts ${kb(s.scriptBytes)}, ${s.requests} requests ${kb(s.bytes)}  (${s.element})`);
        }
      }
    }
  } finally {
    await browser.close();
  }

  const cpus = os.cpus();
  const lines = [
    `Measured ${new Date().toISOString().slice(0, 16)} UTC (\`npm run bench:lcp\`) on ${cpus.length} cores (${cpus[0]?.model.trim()}), load average ${os.loadavg()[0]!.toFixed(2)} at the end; a node of its own per build, embedded (PGlite) with the demo data. Chromium ${version}, each load cold (a new browser context: empty cache) with Lighthouse's mobile settings: CPU ${THROTTLE.cpu}× slower, ${THROTTLE.downKbit / 1000} Mbit/s down, ${THROTTLE.upKbit} kbit/s up, ${THROTTLE.latencyMs} ms round trips, ${VIEWPORT.width}×${VIEWPORT.height} screen. ${RUNS} loads per page${sites.length > 1 ? ' and build' : ''}, taking turns; "good" LCP is ≤ ${GOOD_MS / 1000} s. Bytes = what came over the wire (headers and compressed bodies); main-thread CPU = the page's main thread's CPU time over a second load with the CPU not throttled, until the network went quiet: what the page makes a phone do, four times over, and little swayed by other work on the machine (which sways the throttled times much more); medians.`,
  ];
  for (const site of sites) {
    lines.push('', ...(sites.length > 1 ? [`${site.label}:`, ''] : []));
    lines.push('| page | path | LCP median | LCP worst | FCP median | CLS worst | main-thread CPU (unthrottled) | scripts | their bytes | requests | all bytes | LCP element | good |', '|---|---|---|---|---|---|---|---|---|---|---|---|---|');
    for (const [name, list] of samples.get(site)!) {
      const lcp = median(list.map((s) => s.lcp));
      lines.push(
        `| ${name} | ${PAGES[name]!.replace(sample.originPersonaId, ':id').replace(/search\/.*/, 'search/:name')} | ${ms(lcp)} | ${ms(Math.max(...list.map((s) => s.lcp)))} | ${ms(median(list.map((s) => s.fcp)))} | ${Math.max(...list.map((s) => s.cls)).toFixed(3)} | ${Math.round(median(list.map((s) => s.cpu)))} ms | ${median(list.map((s) => s.scripts))} | ${kb(median(list.map((s) => s.scriptBytes)))} | ${median(list.map((s) => s.requests))} | ${kb(median(list.map((s) => s.bytes)))} | ${mostCommon(list.map((s) => s.element))} | ${lcp <= GOOD_MS ? 'yes' : 'no'} |`,
      );
    }
  }
  console.log(`\n${lines.join('\n')}`);
  writeResults(values.section!, `### Largest Contentful Paint on a throttled phone\n\n${lines.join('\n')}`);
  console.log('\nwritten to bench/RESULTS.md');
} finally {
  stop();
}

interface Sample {
  lcp: number;
  fcp: number;
  /** Cumulative Layout Shift until the page went quiet. */
  cls: number;
  /**
   * CPU time of the page's main thread over a second load of the page with the CPU not throttled
   * (the network as throttled): the work the page makes a phone do, 4× over, and little swayed by
   * other work on the machine. The throttled times are swayed much more: on this 2-core machine
   * shared with other work, a throttled load's main thread took 6-7 times its unthrottled CPU time.
   */
  cpu: number;
  element: string;
  requests: number;
  bytes: number;
  scripts: number;
  scriptBytes: number;
}

/** One cold load of a page, throttled, until the network is quiet. */
async function load(browser: Browser, url: string, waterfall = false, cpuRate = THROTTLE.cpu): Promise<Sample> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setViewport(VIEWPORT);
    const cdp = await page.createCDPSession();
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: THROTTLE.latencyMs,
      downloadThroughput: (THROTTLE.downKbit * 1000) / 8,
      uploadThroughput: (THROTTLE.upKbit * 1000) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
    const types = new Map<string, string>();
    const sizes = new Map<string, number>();
    const timeline = new Map<string, { url: string; start: number; end: number }>();
    cdp.on('Network.requestWillBeSent', (e) => {
      types.set(e.requestId, e.type ?? 'Other');
      timeline.set(e.requestId, { url: e.request.url, start: e.timestamp, end: 0 });
    });
    cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
    cdp.on('Network.loadingFinished', (e) => {
      sizes.set(e.requestId, e.encodedDataLength);
      timeline.get(e.requestId)!.end = e.timestamp;
    });
    await page.evaluateOnNewDocument(() => {
      const w = window as unknown as { __lcp: { time: number; element: string } };
      w.__lcp = { time: 0, element: '' };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { element?: Element | null }>) {
          const el = entry.element;
          const text = el?.textContent?.trim().slice(0, 24) ?? '';
          w.__lcp = { time: entry.startTime, element: el ? `${el.tagName.toLowerCase()}${el.className ? '.' + String(el.className).split(' ')[0] : ''}${text ? ` "${text}"` : ''}` : '?' };
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      // Cumulative Layout Shift as Chrome reports it: the worst window of shifts (each less than 1 s
      // after the one before, the window at most 5 s long) without a recent input.
      const c = window as unknown as { __cls: number };
      c.__cls = 0;
      let windowValue = 0;
      let first = 0;
      let last = 0;
      const shifts = window as unknown as { __shifts: string[] };
      shifts.__shifts = [];
      const describe = (n: Node | null) => (n instanceof Element ? `${n.tagName.toLowerCase()}${n.className ? '.' + String(n.className).split(' ')[0] : ''} "${n.textContent?.trim().slice(0, 24) ?? ''}"` : String(n?.nodeName));
      const rect = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }> }>) {
          shifts.__shifts.push(
            `${Math.round(entry.startTime)} ms ${entry.value.toFixed(3)}: ${(entry.sources ?? []).map((x) => `${describe(x.node)} ${rect(x.previousRect)} -> ${rect(x.currentRect)}`).join('; ')}`,
          );
          if (entry.hadRecentInput) continue;
          if (windowValue && entry.startTime - last < 1000 && entry.startTime - first < 5000) windowValue += entry.value;
          else {
            windowValue = entry.value;
            first = entry.startTime;
          }
          last = entry.startTime;
          c.__cls = Math.max(c.__cls, windowValue);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(url, { waitUntil: 'networkidle0', timeout: 90_000 });
    const { lcp, fcp, cls } = await page.evaluate(() => ({
      lcp: (window as unknown as { __lcp: { time: number; element: string } }).__lcp,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
      cls: (window as unknown as { __cls: number }).__cls,
    }));
    if (values.shifts) for (const line of await page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts)) console.log(`  shift ${line}`);
    if (waterfall) {
      const t0 = Math.min(...[...timeline.values()].map((t) => t.start));
      console.log(`\n${url}: LCP ${ms(lcp.time)}`);
      for (const [id, t] of [...timeline].sort((a, b) => a[1].start - b[1].start)) {
        console.log(`  ${String(Math.round((t.start - t0) * 1000)).padStart(5)} → ${t.end ? String(Math.round((t.end - t0) * 1000)).padStart(5) : '    ?'} ms ${kb(sizes.get(id) ?? 0).padStart(7)}  ${types.get(id)} ${t.url.replace(/^http:\/\/127\.0\.0\.1:\d+/, '')}`);
      }
    }
    const scripts = [...sizes].filter(([id]) => types.get(id) === 'Script');
    const { metrics } = await cdp.send('Performance.getMetrics');
    return {
      lcp: lcp.time,
      fcp,
      cls,
      cpu: (metrics.find((m) => m.name === 'ThreadTime')?.value ?? NaN) * 1000,
      element: lcp.element.replace(/\|/g, '/'),
      requests: sizes.size,
      bytes: [...sizes.values()].reduce((a, b) => a + b, 0),
      scripts: scripts.length,
      scriptBytes: scripts.reduce((a, [, n]) => a + n, 0),
    };
  } finally {
    await context.close();
  }
}

function median(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}
function mostCommon(xs: string[]) {
  const n = new Map<string, number>();
  for (const x of xs) n.set(x, (n.get(x) ?? 0) + 1);
  return [...n].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
}
function ms(x: number) {
  return `${(x / 1000).toFixed(2)} s`;
}
function kb(x: number) {
  return `${(x / 1024).toFixed(0)} kB`;
}
