import { describe } from 'vitest';

type Body = () => void | Promise<void>;
type Rest = [Body] | [{ timeout?: number }, Body];

/**
 * Suites that need a server the embedded run does not have: skipped there (and reported as such,
 * with what they need in their name), run in CI's PostgreSQL + Redis run.
 */
const describeNeeding =
  (what: string, present: boolean) =>
  (name: string, ...rest: Rest) => {
    const named = `${name} (needs ${what})`;
    if (rest.length === 1) describe.skipIf(!present)(named, rest[0]);
    else describe.skipIf(!present)(named, rest[0], rest[1]);
  };

export const describeWithPostgres = describeNeeding('PostgreSQL', !!process.env.DATABASE_URL);
export const describeWithRedis = describeNeeding('Redis', !!process.env.REDIS_URL);
