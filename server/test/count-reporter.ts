import type { Reporter, TestModule, Vitest } from 'vitest/node';

/**
 * Ends a run with one plain line, `N passed, N failed[, N skipped]`, the line CI reads
 * (Vitest's own summary is not a line CI reads), after a line `failed: <file> > <test>: <error>` for
 * each failure, which .ci/run gathers again at its end: a slow run's failures stay readable in the
 * last lines of its output. Individual tests are counted; a test file that fails outside any test
 * (an import error, a failing beforeAll) and an unhandled error each count as one failure.
 * In `vitest run` the line is printed when Vitest closes, after the global teardown, so that
 * it is the last line of the output; in watch mode it follows each run.
 */
export default class CountReporter implements Reporter {
  private vitest?: Vitest;
  private line?: string;
  private failures: string[] = [];

  onInit(vitest: Vitest) {
    this.vitest = vitest;
    if (!vitest.config.watch) vitest.onClose(() => this.flush());
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    this.failures = [];
    for (const module of testModules) {
      let failedHere = 0;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') {
          failedHere++;
          this.failures.push(`${module.moduleId} > ${test.fullName}: ${firstLine(test.result().errors?.[0])}`);
        } else skipped++;
      }
      // A file whose tests never ran (collection error, failing hook) still failed.
      if (failedHere === 0 && (module.state() === 'failed' || module.errors().length > 0)) {
        failedHere = 1;
        this.failures.push(`${module.moduleId}: ${firstLine(module.errors()[0])}`);
      }
      failed += failedHere;
    }
    failed += unhandledErrors.length;
    for (const error of unhandledErrors) this.failures.push(`unhandled error: ${firstLine(error)}`);
    this.line = `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
    if (this.vitest?.config.watch) this.flush();
  }

  private flush() {
    if (this.line === undefined) return;
    const relative = (entry: string) => entry.replace(`${this.vitest?.config.root ?? ''}/`, '');
    process.stdout.write(this.failures.map((f) => `failed: ${relative(f)}\n`).join('') + `${this.line}\n`);
    this.line = undefined;
  }
}

/** An error's message, first line only and cut short: enough to tell one failure from another. */
function firstLine(error: unknown): string {
  const message = error && typeof error === 'object' && 'message' in error ? String(error.message) : String(error ?? 'no error recorded');
  return message.split('\n')[0]!.slice(0, 200);
}
