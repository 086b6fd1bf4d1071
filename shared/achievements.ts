/**
 * The achievement catalogue: every id, its points, rarity,
 * how it is acquired, and the numbers its condition checks. Ids are the original site's, so old
 * clients and stored data keep their meaning. The server checks the conditions; the client
 * explains them with the same numbers.
 */

export const ACHIEVEMENT_RARITIES = ['normal', 'rare', 'preciousness', 'special'] as const;
export type AchievementRarity = (typeof ACHIEVEMENT_RARITIES)[number];

/** `active`: the user claims it with a button; `passive`: a job grants it when its condition becomes true. */
export type AchievementAcquisition = 'active' | 'passive';

export const ACHIEVEMENT_GROUPS = [
  'one_search_player',
  'old_user',
  'report',
  'open_chat',
  'active_community',
  'user_innocent_case',
  'trend_monthly',
  'user_achievement',
  'user_subscribes',
  'site_20w_report_witnesses',
  'app_use_mobile',
] as const;
export type AchievementGroup = (typeof ACHIEVEMENT_GROUPS)[number];

export type AchievementTag = 'search' | 'account' | 'report' | 'chat' | 'community' | 'case' | 'collection' | 'follow' | 'site' | 'app';

/** The numbers a condition checks (also shown to users when explaining it). */
export interface AchievementGoal {
  /** Reports, subscriptions, owned achievements: at least this many. */
  count?: number;
  /** Of them, at least this many precious ones (collector levels). */
  precious?: number;
  /** Share of one's reports whose case is confirmed, in percent (report levels 2-5). */
  confirmedPercent?: number;
  /** A ranking position: within the top N. */
  top?: number;
  /** Case views at least this many (trending). */
  views?: number;
  /** Activity on the case in the window at least this much (trending level 2). */
  hot?: number;
  /** Account id at most this (old user). */
  maxUserId?: number;
}

export interface AchievementDef {
  id: string;
  group: AchievementGroup;
  /** 1-based level inside its group. */
  level: number;
  points: number;
  rarity: AchievementRarity;
  acquisition: AchievementAcquisition;
  tags: AchievementTag[];
  /** Shown as "?" until owned. */
  isHidden: boolean;
  /** May appear on the user hover card. */
  isShowCard: boolean;
  /** The previous level that must be owned first. */
  requires?: string;
  goal: AchievementGoal;
}

/** Reports and accounts count from this instant. */
export const ACHIEVEMENT_EPOCH = '2024-01-01T00:00:00.000Z';
/** "Within a month" for the open-chat level 2 condition. */
export const OPEN_CHAT_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

type Def = Omit<AchievementDef, 'id' | 'group' | 'level'>;

function group(g: AchievementGroup, levels: Def[]): AchievementDef[] {
  return levels.map((d, i) => ({ id: levels.length === 1 ? g : `${g}_l${i + 1}`, group: g, level: i + 1, ...d }));
}

const base = { isHidden: false, isShowCard: true } as const;
const report = (count: number, points: number, rarity: AchievementRarity, prev?: string): Def => ({
  ...base,
  points,
  rarity,
  acquisition: 'passive',
  tags: ['report'],
  requires: prev,
  goal: prev ? { count, confirmedPercent: 96 } : { count },
});
const collector = (count: number, precious: number, rarity: AchievementRarity): Def => ({
  ...base,
  points: 15,
  rarity,
  acquisition: 'active',
  tags: ['collection'],
  goal: precious ? { count, precious } : { count },
});

export const ACHIEVEMENTS: readonly AchievementDef[] = [
  ...group('one_search_player', [{ ...base, points: 0.5, rarity: 'normal', acquisition: 'active', tags: ['search'], isShowCard: false, goal: {} }]),
  ...group('old_user', [{ ...base, points: 100, rarity: 'preciousness', acquisition: 'active', tags: ['account'], goal: { maxUserId: 10_000 } }]),
  ...group('report', [
    report(10, 10, 'normal'),
    report(100, 20, 'normal', 'report_l1'),
    report(300, 30, 'rare', 'report_l2'),
    report(1000, 50, 'preciousness', 'report_l3'),
    report(5000, 70, 'preciousness', 'report_l4'),
  ]),
  ...group('open_chat', [
    { ...base, points: 0.5, rarity: 'normal', acquisition: 'active', tags: ['chat'], isShowCard: false, goal: {} },
    { ...base, points: 5, rarity: 'rare', acquisition: 'active', tags: ['chat'], requires: 'open_chat_l1', goal: { count: 1 } },
  ]),
  ...(
    [
      ['weekly', 1, 10, 10, 'rare'],
      ['monthly', 1, 10, 10, 'rare'],
      ['monthly', 2, 3, 10, 'preciousness'],
      ['yearly', 1, 10, 30, 'preciousness'],
      ['yearly', 2, 3, 60, 'preciousness'],
    ] as const
  ).map(
    ([w, l, top, points, rarity]): AchievementDef => ({
      ...base,
      id: `active_community_${w}_l${l}`,
      group: 'active_community',
      level: l,
      points,
      rarity,
      acquisition: 'passive',
      tags: ['community'],
      requires: l === 2 ? `active_community_${w}_l1` : undefined,
      goal: { top },
    }),
  ),
  ...group('user_innocent_case', [{ ...base, points: 0.5, rarity: 'special', acquisition: 'active', tags: ['case'], isHidden: true, goal: {} }]),
  ...group('trend_monthly', [
    { ...base, points: 5, rarity: 'rare', acquisition: 'passive', tags: ['case'], goal: { top: 10, views: 100 } },
    { ...base, points: 5, rarity: 'preciousness', acquisition: 'passive', tags: ['case'], goal: { top: 10, views: 500, hot: 3 } },
  ]),
  ...group('user_achievement', [collector(3, 0, 'normal'), collector(11, 0, 'rare'), collector(11, 1, 'rare'), collector(16, 3, 'preciousness')]),
  ...group('user_subscribes', [
    { ...base, points: 2, rarity: 'normal', acquisition: 'active', tags: ['follow'], goal: { count: 1 } },
    { ...base, points: 2, rarity: 'rare', acquisition: 'active', tags: ['follow'], goal: { count: 20 } },
  ]),
  ...group('site_20w_report_witnesses', [{ ...base, points: 1, rarity: 'special', acquisition: 'active', tags: ['site'], isHidden: true, goal: { count: 200_000 } }]),
  ...group('app_use_mobile', [{ ...base, points: 1, rarity: 'special', acquisition: 'active', tags: ['app'], goal: {} }]),
];

const BY_ID = new Map(ACHIEVEMENTS.map((a) => [a.id, a]));

export type AchievementId = string;

export const achievementById = (id: string): AchievementDef | undefined => BY_ID.get(id);
export const isAchievementId = (id: string) => BY_ID.has(id);

/** The levels of each group, in order. */
export const achievementsOfGroup = (g: AchievementGroup) => ACHIEVEMENTS.filter((a) => a.group === g);

/** Experience: the sum of the points of the owned achievements (unknown ids count nothing). */
export function experienceOf(owned: Iterable<string>): number {
  let sum = 0;
  for (const id of owned) sum += BY_ID.get(id)?.points ?? 0;
  return Math.round(sum * 10) / 10;
}

export const isPrecious = (id: string) => BY_ID.get(id)?.rarity === 'preciousness';

const RARITY_RANK: Record<AchievementRarity, number> = { special: 0, preciousness: 1, rare: 2, normal: 3 };

/** At most this many achievements on the user hover card. */
export const CARD_ACHIEVEMENTS = 8;
/** The badge strip shows this many, then "+N". */
export const STRIP_ACHIEVEMENTS = 3;

/**
 * The achievements worth showing of an owned set (`id -> acquired epoch ms`): card-worthy ones,
 * rarest first, then the most recently acquired.
 */
export function showcaseOf(owned: Record<string, number> | undefined | null): AchievementDef[] {
  if (!owned) return [];
  return Object.entries(owned)
    .map(([id, at]) => ({ def: BY_ID.get(id), at }))
    .filter((x): x is { def: AchievementDef; at: number } => !!x.def && x.def.isShowCard)
    .sort((a, b) => RARITY_RANK[a.def.rarity] - RARITY_RANK[b.def.rarity] || b.at - a.at)
    .map((x) => x.def);
}

/** The icon of an achievement (SVGs in public/achievements/, one per group; the frame shows the rarity). */
export const achievementIcon = (a: Pick<AchievementDef, 'group'>) => `/achievements/${a.group}.svg`;
