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
}

/** True when the user meets the achievement's own condition (the previous level is checked by the caller). */
export type Condition = (ctx: ConditionContext, def: AchievementDef) => Promise<boolean>;

export const isBot = (user: UserRow) => user.privileges.includes('bot');
