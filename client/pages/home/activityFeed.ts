import type { TFunction } from 'i18next';
import type { ActivityItem } from '@shared/types/cases';

/** Feed lines are told apart by type and id (a registration's id is the user's, a report's the entry's). */
export const activityKey = (item: ActivityItem) => `${item.type}:${item.id}`;

/** A live line goes on top, once, and the feed keeps its newest `max` lines. */
export function prependActivity(feed: readonly ActivityItem[], item: ActivityItem, max: number): readonly ActivityItem[] {
  const key = activityKey(item);
  if (feed.some((f) => activityKey(f) === key)) return feed;
  return [item, ...feed].slice(0, max);
}

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
