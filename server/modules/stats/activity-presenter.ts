import type { ActivityItem } from '@shared/types/cases';
import { presentCase } from '@server/modules/cases/presenter';
import { activityOf } from '@server/modules/timeline/activity';
import type { FeedEntryRow, FeedEntryType } from './activities';

export const presentFeedEntry = (type: FeedEntryType, r: FeedEntryRow): ActivityItem => activityOf(type, r.entry, r.author, presentCase(r.player));
