import type { ActivityItem } from '@shared/types/cases';
import { presentCase } from '@server/modules/cases/presenter';
import { activityOf } from '@server/modules/timeline/activity';
import type { FeedEntryRow, FeedEntryType, FeedUserRow } from './activities';

export type FeedItem = ActivityItem;

export const presentRegistration = (u: FeedUserRow): FeedItem => ({
  type: 'register',
  id: u.id,
  username: u.username,
  privilege: u.privileges,
  createTime: u.createTime.toISOString(),
});

export const presentFeedEntry = (type: FeedEntryType, r: FeedEntryRow): FeedItem => activityOf(type, r.entry, r.author, presentCase(r.player));
