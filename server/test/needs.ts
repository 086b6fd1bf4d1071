import { describe, it } from 'vitest';

type Body = () => void | Promise<void>;
type Rest = [Body] | [{ timeout?: number }, Body];

/**
 * Suites that need a server the embedded run does not have: declared only in CI's PostgreSQL +
 * Redis run, so the embedded run neither runs nor lists them (nothing there is skipped). A file
 * whose every suite needs PostgreSQL is named `*.postgres.test.ts`, one about Redis itself
 * `*.redis.test.ts`; vitest.config.ts leaves both out of the embedded run.
 */
const describeNeeding =
  (what: string, present: boolean) =>
  (name: string, ...rest: Rest) => {
    if (!present) return;
    const named = `${name} (needs ${what})`;
    if (rest.length === 1) describe(named, rest[0]);
    else describe(named, rest[0], rest[1]);
  };

export const describeWithPostgres = describeNeeding('PostgreSQL', !!process.env.DATABASE_URL);
export const describeWithRedis = describeNeeding('Redis', !!process.env.REDIS_URL);

/**
 * The BFBAN import suites read a generated copy of the original's database from MariaDB. Outside CI
 * a machine without it leaves them out with a warning; in CI (which installs MariaDB) its absence
 * is a failure, never a quiet skip.
 */
export const describeWithMariadb = (unavailable: string | null, name: string, ...rest: Rest) => {
  if (!unavailable) return rest.length === 1 ? describe(name, rest[0]) : describe(name, rest[0], rest[1]);
  if (!process.env.CI) return console.warn(`${name}: left out, ${unavailable}`);
  describe(name, () => {
    it('reaches MariaDB', () => {
      throw new Error(unavailable);
    });
  });
};
