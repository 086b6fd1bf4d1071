/** Games a case can be reported in. `all` is only a list filter. */
export const GAMES = ['bf1', 'bf3', 'bf4', 'bfv', 'bf6'] as const;
export type Game = (typeof GAMES)[number];

export const CHEAT_METHODS = [
  'aimbot',
  'attackServer',
  'damageChange',
  'gadgetModify',
  'invisable',
  'magicBullet',
  'oneShotKill',
  'teleport',
  'wallhack',
] as const;
export type CheatMethod = (typeof CHEAT_METHODS)[number];

/** Case status codes (docs/api-compatibility.md#ids-dates-and-numbers). -1 is the list filter for "all statuses". */
export const CASE_STATUSES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];
export const CASE_STATUS_NAMES: Record<CaseStatus, string> = {
  0: 'unprocessed',
  1: 'confirmed',
  2: 'suspect',
  3: 'selfCertified',
  4: 'invalid',
  5: 'discussing',
  6: 'needsVotes',
  7: 'moreEvidence',
  8: 'farming',
  9: 'appealing',
};

/** The site launched on 4 November 2018 (midnight in the site's time zone, Asia/Shanghai). */
export const SITE_START = 1541260800000;
/** The community began in January 2018, before the site. */
export const COMMUNITY_START = Date.UTC(2018, 0, 1);
