import type { CommentHit, TimelineEntry } from '@shared/types/cases';
import type { PlayerRow } from '@server/db/schema';
import { userAvatarOf } from '@server/modules/users/avatar';
import type { UserHitRow } from './users';

/** A player search hit: the case, the name that matched and when it was seen. */
export function presentPlayerHit(name: { originName: string; fromTime: Date; toTime: Date }, p: PlayerRow) {
  return {
    historyName: name.originName,
    originName: p.originName,
    dbId: p.id,
    originUserId: p.originUserId,
    originPersonaId: p.originPersonaId,
    avatarLink: p.avatarLink,
    status: p.status,
    games: p.games,
    cheatMethods: p.cheatMethods,
    viewNum: p.viewNum,
    commentsNum: p.commentsNum,
    createTime: p.createTime.toISOString(),
    updateTime: p.updateTime.toISOString(),
    log: { from: name.fromTime.toISOString(), to: name.toTime.toISOString() },
  };
}

/**
 * A user search hit: public fields only. `signoutTime` stays in the shape old clients read but is
 * always null — when someone signed out is nobody else's business.
 */
export function presentUserHit(u: UserHitRow) {
  return {
    username: u.username,
    dbId: u.id,
    userAvatar: userAvatarOf(u),
    joinTime: u.createTime.toISOString(),
    updateTime: u.updateTime.toISOString(),
    signoutTime: null,
    privilege: u.privileges,
  };
}

/** A comment search hit: the timeline entry with its HTML as a plain string `content` (docs/api-compatibility.md#quirks-kept-on-purpose). */
export function presentCommentHit(entry: TimelineEntry): CommentHit {
  return { ...entry, content: entry.content.text };
}
