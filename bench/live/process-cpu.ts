/**
 * A process's CPU time as Linux counts it (`/proc`), read from outside the process: the benches'
 * servers run in processes of their own.
 */
import fs from 'node:fs';

/** User and system CPU time in a `/proc/.../stat` file, in ms (Linux counts them in hundredths of a second). */
function cpuOfStat(file: string) {
  const fields = fs.readFileSync(file, 'utf8').split(') ')[1]!.split(' ');
  return { userMs: Number(fields[11]) * 10, systemMs: Number(fields[12]) * 10, endedChildrenMs: (Number(fields[13]) + Number(fields[14])) * 10 };
}

/** The CPU time (user + system, all threads) a process has used so far, in ms. */
export function readCpuMs(pid: number): number {
  const { userMs, systemMs } = cpuOfStat(`/proc/${pid}/stat`);
  return userMs + systemMs;
}

/**
 * A process's CPU time so far, in ms, split by where it went: its main thread (where JavaScript runs)
 * in user space and in the kernel (system calls: socket reads and writes), and its other threads
 * (the garbage collector's helpers, libuv's pool). A CPU profile cannot tell this: it samples by the
 * clock, so a system call during which the thread waits for the CPU is charged its whole time.
 */
export function readCpuSplitMs(pid: number) {
  const all = cpuOfStat(`/proc/${pid}/stat`);
  const main = cpuOfStat(`/proc/${pid}/task/${pid}/stat`);
  return { mainUserMs: main.userMs, mainSystemMs: main.systemMs, otherThreadsMs: all.userMs + all.systemMs - main.userMs - main.systemMs };
}

/**
 * The CPU time (user + system) every PostgreSQL process on this machine has used so far, in ms: the
 * backends that run the statements, and the writers of the log and of the pages (what a write costs
 * beyond its statement). A backend that has ended counts too: the postmaster collects it, and Linux
 * adds its time to the postmaster's count of its ended children; without that the sum fell when a
 * backend ended between two reads. Other databases on the same server count too, so it is a figure
 * for a quiet machine. 0 where there is none (embedded: the database runs inside the server's own process).
 */
export function readPostgresCpuMs(): number {
  let ms = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
      const { userMs, systemMs, endedChildrenMs } = cpuOfStat(`/proc/${entry}/stat`);
      ms += userMs + systemMs + endedChildrenMs;
    } catch {
      // The process ended while it was read.
    }
  }
  return ms;
}
