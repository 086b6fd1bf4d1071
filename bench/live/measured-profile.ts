/**
 * BENCH_CPU_PROF=<dir> for the one-node hosts (bench/live/hosts.ts): a V8 CPU profile of exactly
 * the measured stretch of a run (from `lagStart` to `lagStop`), written there as
 * `<host>-<pid>-<n>.cpuprofile` (open it in Chrome's DevTools). The set-up (sockets connecting, the case
 * written) stays out of it, and the bare server is profiled over the same stretch as Tribunal.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Session } from 'node:inspector/promises';

const dir = process.env.BENCH_CPU_PROF;
/** Samples every half millisecond: enough for a stretch of a few seconds. */
const SAMPLING_US = 500;
let session: Session | undefined;
let written = 0;

export async function startMeasuredProfile() {
  if (!dir) return;
  if (!session) {
    session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: SAMPLING_US });
  }
  await session.post('Profiler.start');
}

export async function stopMeasuredProfile() {
  if (!dir || !session) return;
  const { profile } = await session.post('Profiler.stop');
  const host = path.basename(process.argv[1] ?? 'host', '.mjs');
  fs.writeFileSync(path.join(dir, `${host}-${process.pid}-${++written}.cpuprofile`), JSON.stringify(profile));
}
