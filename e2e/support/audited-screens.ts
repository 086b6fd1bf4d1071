import { SCREENS, type ScreenName } from '@shared/screens';
import { STAFF_SCREENS, type StaffScreen } from '@client/app/staffScreens';

/** Screens anyone may open, visitors included. */
export const PUBLIC_SCREENS = [
  'home',
  'app',
  'about',
  'accessibility',
  'link',
  'apps',
  'signin',
  'signup',
  'registerVerification',
  'forgetPassword',
  'forgetPasswordVerify',
  'profileHistory',
  'players',
  'player',
  'share',
  'shareCard',
  'cheaterApp',
  'search',
  'searchFor',
  'space',
  'announcement',
  'siteStats',
  'data',
  'listed',
  'notFound',
] as const satisfies readonly ScreenName[];

/** Screens behind the sign-in. */
export const MEMBER_SCREENS = [
  'bindOrigin',
  'profileInformation',
  'profileAppearance',
  'changeName',
  'profileReports',
  'profileSubscribes',
  'profileWebhooks',
  'profileChat',
  'profileMedia',
  'profileEnhancement',
  'profileExport',
  'profileVoice',
  'profileAchievements',
  'profileApps',
  'appeal',
  'report',
  'appAuth',
  'developers',
] as const satisfies readonly ScreenName[];

/** Paths that only send the browser to another screen of these lists. */
export const REDIRECTS = ['profile', 'oldCase', 'adminHomeAlias', 'adminUnknown'] as const satisfies readonly ScreenName[];

/** Public screens that show a signed-in member or staff more than a visitor (the header shows the account everywhere). */
const SIGNED_IN_VIEWS = ['home', 'player', 'space'] as const satisfies readonly ScreenName[];

export const STAFF_ONLY = (Object.keys(STAFF_SCREENS) as StaffScreen[]).filter((s) => !(REDIRECTS as readonly string[]).includes(s));

export type Role = 'visitor' | 'member' | 'staff';

/**
 * What each role opens: a visitor every public screen; a member and staff the screens of their own
 * and the public screens that change for them (the rest differ from a visitor's only by the
 * header's account, which every one of their own screens shows).
 */
export const SCREENS_OF: Record<Role, readonly ScreenName[]> = {
  visitor: PUBLIC_SCREENS,
  member: [...SIGNED_IN_VIEWS, ...MEMBER_SCREENS],
  staff: [...SIGNED_IN_VIEWS, ...STAFF_ONLY],
};

/**
 * The screens each role sees in every theme. A public screen looks the same to a member as to a
 * visitor but for the ones above: a member sees the others' colours in the visitor's run.
 */
export const THEMED_SCREENS_OF: Record<Role, readonly ScreenName[]> = {
  visitor: PUBLIC_SCREENS,
  member: [...SIGNED_IN_VIEWS, ...MEMBER_SCREENS],
  staff: SCREENS_OF.staff,
};

/**
 * At the phone width, the screens seen in every theme: the themes change colour tokens only
 * (client/styles/themes.css, whose pairs client/styles/themes.test.ts checks), and the desktop run
 * already sees every screen in every theme; what only a phone shows is the header's compact chrome,
 * which every screen has. The phone run sees every screen in the default theme.
 */
export const PHONE_THEMED_SCREENS = ['home'] as const satisfies readonly ScreenName[];

/** The real values a screen's parameters take. */
export interface ScreenData {
  ouid: string;
  uId: number;
  content: string;
  name: string;
}

/** The path of a screen, its parameters filled in. */
export function pathOf(screen: ScreenName, data: ScreenData): string {
  return SCREENS[screen].replace(/:(\w+)/g, (_, key: keyof ScreenData) => encodeURIComponent(String(data[key])));
}
