import type { TFunction } from 'i18next';
import type { RoomEventMap } from '@shared/socket';
import type { ActivityItem, ActivityLine } from '@shared/types/cases';

/** Feed lines are told apart by type and id (a registration's id is the user's, a report's the entry's). */
export const activityKey = (item: ActivityLine) => `${item.type}:${item.id}`;

/** Newest first, as `GET /activities` orders its lines (server/modules/stats/feed.ts). */
const newerFirst = (a: ActivityItem, b: ActivityItem) => Date.parse(b.createTime) - Date.parse(a.createTime) || a.type.localeCompare(b.type) || b.id - a.id;

/**
 * A live line takes its place by time, once, and the feed keeps its newest `max` lines: a new line
 * goes on top, and one shown again (a report staff had hidden) where a fresh read would put it, or
 * nowhere when it is older than the last line of a full feed.
 */
export function placeActivity(feed: readonly ActivityItem[], item: ActivityItem, max: number): readonly ActivityItem[] {
  const key = activityKey(item);
  if (feed.some((f) => activityKey(f) === key)) return feed;
  const at = feed.findIndex((f) => newerFirst(item, f) < 0);
  if (at < 0 && feed.length >= max) return feed;
  const placed = at < 0 ? [...feed, item] : [...feed.slice(0, at), item, ...feed.slice(at)];
  return placed.slice(0, max);
}

/** Whether `item` is in the feed after a change and was not before it (a line already shown, or left out as too old, is not). */
export const isNewlyShown = (before: readonly ActivityItem[], after: readonly ActivityItem[], item: ActivityLine) => {
  const key = activityKey(item);
  return after !== before && after.some((f) => activityKey(f) === key) && !before.some((f) => activityKey(f) === key);
};

/** Lines that no longer show (`activity.withdrawn`: a hidden report, verdict or appeal) leave the feed. */
export function withdrawActivity(feed: readonly ActivityItem[], lines: readonly ActivityLine[]): readonly ActivityItem[] {
  const gone = new Set(lines.map(activityKey));
  return feed.some((f) => gone.has(activityKey(f))) ? feed.filter((f) => !gone.has(activityKey(f))) : feed;
}

/** An account's new name (`activity.renamed`): on its registration line and on the lines it wrote. */
export type AccountRenamed = RoomEventMap['activity.renamed'];

const renamedLine = (item: ActivityItem, a: AccountRenamed): ActivityItem =>
  item.type === 'register' ? (item.id === a.userId ? { ...item, username: a.username, privilege: a.privilege } : item) : item.byUserId === a.userId ? { ...item, byUserName: a.username, byUserPrivilege: a.privilege } : item;

/** The lines that name a renamed (or anonymised) account show its new name; the feed is left alone when none does. */
export function renameInActivity(feed: readonly ActivityItem[], renamed: AccountRenamed): readonly ActivityItem[] {
  const next = feed.map((item) => renamedLine(item, renamed));
  return next.some((item, i) => item !== feed[i]) ? next : feed;
}

/** What the room tells the feed, in order: a line (new, or shown again), lines withdrawn, or an account renamed. */
export type ActivityChange = { item: ActivityItem } | { withdrawn: readonly ActivityLine[] } | { renamed: AccountRenamed };

/** A change applied to the feed, which keeps its newest `max` lines. */
export const changeFeed = (feed: readonly ActivityItem[], change: ActivityChange, max: number) =>
  'item' in change ? placeActivity(feed, change.item, max) : 'withdrawn' in change ? withdrawActivity(feed, change.withdrawn) : renameInActivity(feed, change.renamed);

/** The values of a line's words (`home.feed.<type>`): who, which player, and the game or the verdict. */
export function lineValues(t: TFunction, item: ActivityItem) {
  const isRegister = item.type === 'register';
  const detail =
    item.type === 'report' && item.game
      ? t(`games.${item.game}`, { defaultValue: item.game })
      : item.type === 'judgement' && item.action
        ? t(`timeline.judgeActions.${item.action}`, { defaultValue: item.action })
        : '';
  return { who: (isRegister ? item.username : item.byUserName) ?? t('timeline.system'), player: item.toPlayerName, detail };
}

/** A line as the live announcer says it: its words without the marks of its links. */
export const lineText = (t: TFunction, item: ActivityItem) => t(`home.feed.${item.type}`, lineValues(t, item)).replace(/<\/?(who|player)>/g, '');
