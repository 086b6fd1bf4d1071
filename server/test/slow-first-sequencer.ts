import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that start processes, servers or long loops of their own and run for tens of seconds each,
 * longest first. Vitest orders files by the durations it remembers from earlier runs, and a fresh
 * clone (CI) remembers none: one of these drawn last kept one worker busy for a minute while the
 * other waited.
 */
const SLOW_FILES = [
  'server/cli.test.ts',
  'server/test/fuzz/http.test.ts',
  'server/import/bfban/import.test.ts',
  'server/realtime/multi-node.test.ts',
  'server/lean-start.embedded.test.ts',
  'server/realtime/node-kill.test.ts',
  'server/http/policy-matrix.test.ts',
  'server/test/fuzz/socket.test.ts',
  'server/security/original-faults.test.ts',
  'server/prebuilt-server.embedded.test.ts',
];

const rank = (spec: TestSpecification) => {
  const at = SLOW_FILES.findIndex((file) => spec.moduleId.endsWith(file));
  return at === -1 ? SLOW_FILES.length : at;
};

/** Vitest's own order, with the known slow files moved to the front. */
export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...(await super.sort(files))].sort((a, b) => rank(a) - rank(b));
  }
}
