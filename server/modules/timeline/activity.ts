import type { ActivityItem, CaseRecord } from '@shared/types/cases';
import type { TimelineRow, UserRow } from '@server/db/schema';

/** One line of the activity feed (`GET /activities`) for an entry someone just wrote. */
export function activityOf(type: 'report' | 'judgement' | 'banAppeal', entry: TimelineRow, author: Pick<UserRow, 'id' | 'username' | 'privileges'> | null, c: CaseRecord): ActivityItem {
  return {
    type,
    id: entry.id,
    createTime: entry.createTime.toISOString(),
    byUserId: author?.id ?? null,
    byUserName: author?.username ?? null,
    byUserPrivilege: author?.privileges ?? [],
    toPlayerId: c.id,
    toPlayerName: c.originName,
    playerOriginUserId: c.originUserId,
    playerOriginPersonaId: c.originPersonaId,
    playerAvatarLink: c.avatarLink,
    playerCheatMethods: c.cheatMethods,
    playerGames: c.games,
    playerViewNum: c.viewNum,
    PlayerCommentsNum: c.commentsNum,
    playerCreateTime: c.createTime,
    playerUpdateTime: c.updateTime,
    ...(type === 'report' && entry.cheatGame ? { game: entry.cheatGame } : {}),
    ...(type === 'judgement' && entry.judgeAction ? { action: entry.judgeAction } : {}),
  };
}

/** The activity line of a new account. */
export const registrationActivity = (u: Pick<UserRow, 'id' | 'username' | 'privileges' | 'createTime'>): ActivityItem => ({
  type: 'register',
  id: u.id,
  username: u.username,
  privilege: u.privileges,
  createTime: u.createTime.toISOString(),
});
