import { useSnapshot } from 'valtio';
import { localStore, parseJson } from './localStore';

/**
 * The local configuration flags (the profile's "enhancement" section), kept in this browser.
 * `desktopNotification` lives with the display preferences (`preferences.ts`), where the open-case
 * notifications read it.
 */
export const LOCAL_FLAGS = ['history', 'subscribes', 'judgementTip', 'enhance', 'autoUpdatePlayerList', 'footerBar', 'voice', 'detailLeftAppealPanel'] as const;
export type LocalFlag = (typeof LOCAL_FLAGS)[number];
export type LocalFlags = Record<LocalFlag, boolean>;

export const DEFAULT_FLAGS: LocalFlags = {
  history: true,
  subscribes: true,
  judgementTip: true,
  enhance: true,
  autoUpdatePlayerList: false,
  footerBar: true,
  voice: false,
  detailLeftAppealPanel: false,
};

/** The saved flags, each wrong or missing one at its default. */
export function parseLocalFlags(raw: string | null): LocalFlags {
  const saved = parseJson(raw);
  const flags = { ...DEFAULT_FLAGS };
  if (!saved || typeof saved !== 'object') return flags;
  for (const flag of LOCAL_FLAGS) {
    const value = (saved as Record<string, unknown>)[flag];
    if (typeof value === 'boolean') flags[flag] = value;
  }
  return flags;
}

export const FLAGS_KEY = 'tribunal:localFlags';

export const localFlags = localStore<LocalFlags>(FLAGS_KEY, parseLocalFlags);

export const useLocalFlags = () => useSnapshot(localFlags);

export function setLocalFlag(flag: LocalFlag, on: boolean) {
  localFlags[flag] = on;
}
