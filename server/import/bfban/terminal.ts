/**
 * Progress on the terminal: per table, rows done of the total, rows per second and the time left.
 * On a terminal one line is redrawn; otherwise (a log file, CI) a line every few seconds.
 */
export interface Progress {
  start(table: string, total: number, done: number): void;
  advance(rows: number): void;
  finish(summary: string): void;
  note(text: string): void;
}

const fmt = (n: number) => n.toLocaleString('en-US');
export const duration = (s: number) => (s >= 3600 ? `${Math.floor(s / 3600)} h ${Math.round((s % 3600) / 60)} min` : s >= 90 ? `${Math.floor(s / 60)} min ${Math.round(s % 60)} s` : `${Math.max(0, Math.round(s))} s`);

export function terminalProgress(out: NodeJS.WriteStream = process.stdout, everyMs = 3_000): Progress {
  const tty = !!out.isTTY;
  let table = '';
  let total = 0;
  let done = 0;
  let startedAt = 0;
  let startedDone = 0;
  let lastLine = 0;
  const line = () => {
    const secs = (Date.now() - startedAt) / 1000;
    const rate = secs > 0 ? (done - startedDone) / secs : 0;
    const left = rate > 0 ? duration((total - done) / rate) : '?';
    const pct = total ? Math.min(100, Math.floor((done * 100) / total)) : 100;
    return `${table.padEnd(15)} ${fmt(done).padStart(11)} / ${fmt(total).padEnd(11)} ${String(pct).padStart(3)}%  ${fmt(Math.round(rate)).padStart(8)} rows/s  ${left} left`;
  };
  const show = (force = false) => {
    if (tty) out.write(`\r${line()}\u001b[K`);
    else if (force || Date.now() - lastLine >= everyMs) {
      lastLine = Date.now();
      out.write(`${line()}\n`);
    }
  };
  return {
    start(t, n, d) {
      table = t;
      total = Math.max(n, d);
      done = d;
      startedDone = d;
      startedAt = Date.now();
      lastLine = 0;
      show(true);
    },
    advance(rows) {
      done += rows;
      if (done > total) total = done;
      show();
    },
    finish(summary) {
      if (tty) out.write(`\r${table.padEnd(15)} ${summary}\u001b[K\n`);
      else out.write(`${table.padEnd(15)} ${summary}\n`);
    },
    note(text) {
      out.write(`${text}\n`);
    },
  };
}

export const silentProgress: Progress = { start: () => undefined, advance: () => undefined, finish: () => undefined, note: () => undefined };
