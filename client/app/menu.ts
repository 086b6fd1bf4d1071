import type { IconName } from '@client/components/Icon';

/** An entry of the header menu, the mobile drawer or the user menu. */
export interface MenuEntry {
  /** Translation key under `nav.`. */
  key: string;
  to: string;
  icon: IconName;
  place: 'main' | 'user';
  staffOnly?: boolean;
}

/**
 * Every menu entry the product has. Entries whose route does not exist yet are left out by
 * `availableEntries`, so a screen shows up in the menus as soon as its route is added.
 */
export const MENU: readonly MenuEntry[] = [
  { key: 'players', to: '/player', icon: 'users', place: 'main' },
  { key: 'report', to: '/report', icon: 'flag', place: 'main' },
  { key: 'stats', to: '/sitestats', icon: 'bolt', place: 'main' },
  { key: 'about', to: '/about', icon: 'info', place: 'main' },
  { key: 'profile', to: '/profile/information', icon: 'settings', place: 'user' },
  { key: 'report', to: '/report', icon: 'flag', place: 'user' },
  { key: 'admin', to: '/admin/home', icon: 'shield', place: 'user', staffOnly: true },
  { key: 'workflow', to: '/workflow', icon: 'scale', place: 'user', staffOnly: true },
];

export function availableEntries(entries: readonly MenuEntry[], routeExists: (path: string) => boolean) {
  return entries.filter((e) => routeExists(e.to));
}
