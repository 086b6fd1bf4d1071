import { isAdmin } from '@shared/privileges';
import { mayUseWebhooks } from '@shared/webhooks';
import type { IconName } from '@client/components/Icon';

/** An entry of the header menu, the mobile drawer or the user menu. */
export interface MenuEntry {
  /** Translation key under `nav.`. */
  key: string;
  /** Full translation key of the label; by default `nav.<key>`. */
  label?: string;
  to: string;
  icon: IconName;
  place: 'main' | 'user';
  staffOnly?: boolean;
  /** Shown only to accounts whose privileges pass this. */
  allowed?: (privileges: readonly string[]) => boolean;
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
  { key: 'openCases', label: 'openCases.menu', to: '/player?status=0', icon: 'scale', place: 'user', staffOnly: true },
  { key: 'webhooks', label: 'webhooks.menu', to: '/profile/webhooks', icon: 'link', place: 'user', allowed: mayUseWebhooks },
  { key: 'admin', to: '/admin', icon: 'shield', place: 'user', staffOnly: true },
  { key: 'workflow', to: '/workflow', icon: 'scale', place: 'user', staffOnly: true },
];

export function availableEntries(entries: readonly MenuEntry[], routeExists: (pathname: string) => boolean) {
  // An entry may carry a query (`/player?status=0`): the screen is its path's.
  return entries.filter((e) => routeExists(new URL(e.to, 'http://menu.invalid').pathname));
}

/** Whether an account with these privileges sees the entry. */
export const entryVisible = (entry: MenuEntry, privileges: readonly string[]) =>
  (!entry.staffOnly || isAdmin(privileges)) && (!entry.allowed || entry.allowed(privileges));

/** The translation key of an entry's label. */
export const entryLabel = (entry: MenuEntry) => entry.label ?? `nav.${entry.key}`;
