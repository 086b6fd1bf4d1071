import type { AchievementDef } from '@shared/achievements';
import type { UserRow } from '@server/db/schema';
import type { DbOrTx } from '@server/db/client';

/** What a condition may look at: the database, the user's row, their owned achievements and how they are signed in. */
export interface ConditionContext {
  db: DbOrTx;
  user: UserRow;
  /** The ids the user owns now. */
  owned: ReadonlySet<string>;
  /** The kind of the token making the request; null when a job checks (no request). */
  visitType: string | null;
  now: Date;
  /** Shared reads of one round of checks (a ranking asked by several levels is read once). */
  memo?: Map<string, Promise<unknown>>;
}

/** `read` once per key within the round of checks that shares `ctx.memo`. */
export function once<T>(ctx: ConditionContext, key: string, read: () => Promise<T>): Promise<T> {
  if (!ctx.memo) return read();
  let pending = ctx.memo.get(key) as Promise<T> | undefined;
  if (!pending) {
    pending = read();
    ctx.memo.set(key, pending);
  }
  return pending;
}

/** True when the user meets the achievement's own condition (the previous level is checked by the caller). */
export type Condition = (ctx: ConditionContext, def: AchievementDef) => Promise<boolean>;

export const isBot = (user: UserRow) => user.privileges.includes('bot');
