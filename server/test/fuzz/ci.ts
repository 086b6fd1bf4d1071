/** The fuzz suites' fixed seed and budget: the same cases on every run, a few thousand per mode. */
export const CI_SEED = 20_251_117;
/**
 * The HTTP fuzzer's cases per route in one run. CI runs it twice, embedded and on PostgreSQL, each
 * with a seed of its own (`CI_HTTP_SEED`): 40 different cases per route between them instead of the
 * same 60 twice. PGlite is PostgreSQL's own engine; what differs by mode (the driver, realtime,
 * limits) each half reaches on every route.
 */
export const CI_RUNS_PER_ROUTE = 20;
export const CI_HTTP_SEED = CI_SEED + (process.env.DATABASE_URL ? 1 : 0);
export const CI_SOCKET_RUNS = 300;

/**
 * Watches the process for what the server must never leave behind: unhandled rejections,
 * uncaught exceptions and Node warnings (the server runs in this process).
 */
export function watchProcess() {
  const seen: string[] = [];
  const onRejection = (reason: unknown) => void seen.push(`unhandled rejection: ${reason instanceof Error ? reason.stack : String(reason)}`);
  const onException = (err: Error) => void seen.push(`uncaught exception: ${err.stack}`);
  // Node's own warnings point at real faults too (a timer too long for Node fires at once; a listener leak).
  const onWarning = (w: Error) => {
    if (w.name !== 'ExperimentalWarning' && w.name !== 'DeprecationWarning') seen.push(`${w.name}: ${w.message}`);
  };
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);
  process.on('warning', onWarning);
  return {
    problems: () => [...seen],
    stop() {
      process.off('unhandledRejection', onRejection);
      process.off('uncaughtException', onException);
      process.off('warning', onWarning);
    },
  };
}
