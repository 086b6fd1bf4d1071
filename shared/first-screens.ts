import type { ScreenName } from './screens';

/**
 * The screens a visitor opens first (from a link, a search engine, a shared case), each with its
 * page module under `client/pages`. The server names the page's scripts and styles in the HTML it
 * sends for such a screen (`server/modules/pages/screen-preloads.ts`), so they download with the
 * entry instead of after it has run; the client loads every other screen when it is opened.
 */
export const FIRST_SCREENS = {
  home: 'home/HomePage',
  players: 'players/PlayersPage',
  player: 'player/PlayerPage',
  search: 'search/SearchPage',
  searchFor: 'search/SearchPage',
  siteStats: 'sitestats/SiteStatsPage',
  about: 'about/AboutPage',
  accessibility: 'accessibility/AccessibilityPage',
  link: 'link/LinkPage',
  apps: 'apps/AppsPage',
  announcement: 'announcement/AnnouncementPage',
  signin: 'signin/SigninPage',
  notFound: 'NotFoundPage',
} as const satisfies Partial<Record<ScreenName, string>>;

export type FirstScreen = keyof typeof FIRST_SCREENS;
