/**
 * Loaded into a server process by the two-node scenarios (NODE_OPTIONS --import): on SIGUSR2 it
 * writes the event-loop delay seen since the last signal (p99, max, in ms) to
 * `$LOOP_PROBE_DIR/<pid>.json` and starts counting afresh. The server itself knows nothing of it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const dir = process.env.LOOP_PROBE_DIR;
if (dir) {
  const lag = monitorEventLoopDelay({ resolution: 5 });
  lag.enable();
  process.on('SIGUSR2', () => {
    const file = path.join(dir, `${process.pid}.json`);
    fs.writeFileSync(`${file}.partial`, JSON.stringify({ p99: lag.percentile(99) / 1e6, max: lag.max / 1e6 }));
    fs.renameSync(`${file}.partial`, file);
    lag.reset();
  });
}
