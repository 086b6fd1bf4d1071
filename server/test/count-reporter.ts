import type { Reporter, TestModule, Vitest } from 'vitest/node';

/**
 * Ends a run with one plain line, `N passed, N failed[, N skipped]`, the line CI reads
 * (Vitest's own summary is not a line CI reads). Individual tests are counted; a test file that fails outside any test
 * (an import error, a failing beforeAll) and an unhandled error each count as one failure.
 * In `vitest run` the line is printed when Vitest closes, after the global teardown, so that
 * it is the last line of the output; in watch mode it follows each run.
 */
export default class CountReporter implements Reporter {
  private vitest?: Vitest;
  private line?: string;

  onInit(vitest: Vitest) {
    this.vitest = vitest;
    if (!vitest.config.watch) vitest.onClose(() => this.flush());
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      let failedHere = 0;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failedHere++;
        else skipped++;
      }
      // A file whose tests never ran (collection error, failing hook) still failed.
      if (failedHere === 0 && (module.state() === 'failed' || module.errors().length > 0)) failedHere = 1;
      failed += failedHere;
    }
    failed += unhandledErrors.length;
    this.line = `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
    if (this.vitest?.config.watch) this.flush();
  }

  private flush() {
    if (this.line === undefined) return;
    process.stdout.write(`${this.line}\n`);
    this.line = undefined;
  }
}
