/**
 * Loaded into a server process by the two-node scenarios when BENCH_CPU_PROF names a folder: the
 * process is profiled from its start, and on SIGTERM writes `<pid>.cpuprofile` there (open it in
 * Chrome's DevTools) before the server's own shutdown runs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Session } from 'node:inspector';

const dir = process.env.BENCH_CPU_PROF;
if (dir) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 500 });
  session.post('Profiler.start');
  process.prependOnceListener('SIGTERM', () => {
    session.post('Profiler.stop', (err, res) => {
      if (!err) fs.writeFileSync(path.join(dir, `${process.pid}.cpuprofile`), JSON.stringify(res.profile));
    });
  });
}
