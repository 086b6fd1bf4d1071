/**
 * Every screen of the web client, keyed by name: the one route list. The client router
 * is built from it, and the server answers 404 for any path outside `/api` that none of these
 * patterns matches (the client then shows its 404 screen).
 */
export const SCREENS = {
  home: '/',
  app: '/app',
  about: '/about',
  /** The accessibility statement. */
  accessibility: '/accessibility',
  link: '/link',
  /** The tools directory. */
  apps: '/apps',
  /** A member's applications and their API keys. */
  developers: '/developers',
  signin: '/signin',
  signup: '/signup',
  registerVerification: '/registerVerification',
  forgetPassword: '/forgetPassword',
  forgetPasswordVerify: '/forgetPasswordVerify',
  bindOrigin: '/bindOrigin',
  profile: '/profile',
  profileInformation: '/profile/information',
  profileAppearance: '/profile/appearance',
  changeName: '/profile/changeName',
  profileReports: '/profile/reports',
  profileSubscribes: '/profile/subscribes',
  profileWebhooks: '/profile/webhooks',
  profileChat: '/profile/chat',
  profileMedia: '/profile/media',
  profileEnhancement: '/profile/enhancement',
  profileHistory: '/profile/history',
  profileExport: '/profile/export',
  profileVoice: '/profile/voice',
  profileAchievements: '/profile/achievements',
  profileApps: '/profile/apps',
  players: '/player',
  player: '/player/:ouid',
  share: '/player/:ouid/share',
  shareCard: '/player/:ouid/share/card',
  appeal: '/player/:ouid/appeal',
  /** Opens the case in the companion app, with a fallback page when the app does not open. */
  cheaterApp: '/player/:ouid/app',
  oldCase: '/cheaters/:ouid',
  report: '/report',
  search: '/search',
  searchFor: '/search/:content',
  space: '/space/:uId',
  adminHome: '/admin',
  adminHomeAlias: '/admin/home',
  /** Unknown admin pagenames open the admin home. */
  adminUnknown: '/admin/*',
  adminJudgementLog: '/admin/judgementLog',
  adminAppeals: '/admin/appeals',
  adminMessages: '/admin/messages',
  /** External authorization: the approval page opened from the mail. */
  appAuth: '/appAuth',
  adminComments: '/admin/comments',
  adminHomeManagement: '/admin/home-management',
  /** The rule announcements: antiCheatRules, conductRules, personnelRules. */
  announcement: '/announcement/:name',
  adminUsers: '/admin/users',
  adminMuted: '/admin/muted',
  adminBlocked: '/admin/blocked',
  workflow: '/workflow',
  workflowAddItem: '/workflow/item/add',
  workflowAdds: '/workflow/adds',
  adminLogs: '/admin/logs',
  adminChatLog: '/admin/chat-log',
  adminVerifications: '/admin/verifications',
  adminStatistics: '/admin/statistics',
  adminMedia: '/admin/media',
  adminTools: '/admin/tools',
  /** Staff review of the applications registered at /developers. */
  adminApplications: '/admin/applications',
  siteStats: '/sitestats',
  /** For a listed player: what being listed means, how verdicts are made, how to appeal. */
  listed: '/listed',
  /** The daily open-data dumps. */
  data: '/data',
  notFound: '/empty',
} as const;

export type ScreenName = keyof typeof SCREENS;

/** A nested screen's path below its parent's (`/profile/chat` below `/profile` is `chat`). */
export function childPath(child: string, parent: string): string {
  if (!child.startsWith(`${parent}/`)) throw new Error(`${child} is not below ${parent}`);
  return child.slice(parent.length + 1);
}

const segments = (path: string) => {
  const inner = path.replace(/^\//, '').replace(/\/$/, '');
  return inner ? inner.split('/') : [];
};

/**
 * Whether a path matches a pattern as the client router matches it: letters in any case, a
 * trailing slash allowed, `:name` standing for one non-empty segment, a final `*` for one or more.
 */
export function matchesScreen(pattern: string, pathname: string): boolean {
  let want = segments(pattern);
  let got = segments(pathname);
  if (want.at(-1) === '*') {
    if (got.length < want.length) return false;
    want = want.slice(0, -1);
    got = got.slice(0, want.length);
  }
  if (want.length !== got.length) return false;
  return want.every((w, i) => (w.startsWith(':') ? got[i] !== '' : w.toLowerCase() === got[i]!.toLowerCase()));
}

/** Whether a path opens a screen of the client. */
export const isScreenPath = (pathname: string) => Object.values(SCREENS).some((pattern) => matchesScreen(pattern, pathname));
