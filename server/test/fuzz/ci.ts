/** The fuzz suites' fixed seed and budget: the same cases on every run, a few thousand per mode. */
export const CI_SEED = 20_251_117;
export const CI_RUNS_PER_ROUTE = 60;
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
