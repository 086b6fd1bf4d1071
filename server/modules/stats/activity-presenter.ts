import type { ActivityItem } from '@shared/types/cases';
import { presentCase } from '@server/modules/cases/presenter';
import { activityOf } from '@server/modules/timeline/activity';
import type { FeedEntryRow, FeedEntryType, FeedUserRow } from './activities';

/** A feed line with the case counters the original also sent (`PlayerCommentsNum` spelled as it did). */
export type FeedItem = ActivityItem & {
  playerViewNum?: number;
  PlayerCommentsNum?: number;
  playerCreateTime?: string;
  playerUpdateTime?: string;
};

export const presentRegistration = (u: FeedUserRow): FeedItem => ({
  type: 'register',
  id: u.id,
  username: u.username,
  privilege: u.privileges,
  createTime: u.createTime.toISOString(),
});

export function presentFeedEntry(type: FeedEntryType, r: FeedEntryRow): FeedItem {
  return {
    ...activityOf(type, r.entry, r.author, presentCase(r.player)),
    playerViewNum: r.player.viewNum,
    PlayerCommentsNum: r.player.commentsNum,
    playerCreateTime: r.player.createTime.toISOString(),
    playerUpdateTime: r.player.updateTime.toISOString(),
  };
}
