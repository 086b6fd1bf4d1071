import { sql } from 'drizzle-orm';
import { nameKey } from '@shared/names';
import type { PlatformIdentity } from '@server/platform/types';
import { PlatformError } from '@server/platform/client';
import type { Services } from '@server/core/services';
import { AppError } from '@server/app-error';
import type { ErrorCode } from '@shared/errors';
import { nameHistory } from '@server/db/schema';
import type { DbOrTx } from '@server/db/client';

export interface ResolvedAccount extends PlatformIdentity {
  avatar: string | null;
}

export type AccountRef = { name: string } | { userId: string } | { personaId: string };

/** Looks a platform account up by name or id (reports, updates); null when it does not exist. */
export async function lookupAccount(services: Services, ref: AccountRef, errorCode: ErrorCode): Promise<ResolvedAccount | null> {
  try {
    let info: PlatformIdentity | null;
    if ('name' in ref) {
      const userId = await services.platform.searchUserByName(ref.name);
      info = userId ? await services.platform.userInfo({ userId }) : null;
    } else info = await services.platform.userInfo(ref);
    if (!info) return null;
    const avatar = await services.platform.userAvatar(info.userId).catch(() => null);
    return { ...info, avatar: avatar || null };
  } catch (e) {
    if (e instanceof PlatformError) {
      services.log.warn({ err: e }, 'platform directory lookup failed');
      throw new AppError(errorCode, 'the platform directory is unavailable, try again later');
    }
    throw e;
  }
}

/** Records a sighting of a name: first and last time it was seen (the original's `name_logs`). */
export async function recordSighting(db: DbOrTx, playerId: number, originName: string, at = new Date()) {
  await db
    .insert(nameHistory)
    .values({ playerId, originName, nameKey: nameKey(originName), fromTime: at, toTime: at })
    .onConflictDoUpdate({ target: [nameHistory.playerId, nameHistory.originName], set: { toTime: sql`greatest(${nameHistory.toTime}, excluded.to_time)` } });
}

/** Avatars blocked by staff end with this marker and are never overwritten by a refresh. */
export const BLOCKED_AVATAR = '#BLOCKED';
export const refreshedAvatar = (current: string | null, fresh: string | null) => (current?.endsWith(BLOCKED_AVATAR) ? current : fresh ?? current);
