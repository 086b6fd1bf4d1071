/** Desktop notifications (the browser's Notification API) for the local `desktopNotification` setting. */

/** The browser's answer so far, or `unsupported` where there is no Notification API. */
export type NotifyPermission = NotificationPermission | 'unsupported';

export function notifyPermission(): NotifyPermission {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** Asks the browser for permission (a no-op answer when it was given or refused before). */
export async function requestNotifyPermission(): Promise<NotifyPermission> {
  if (typeof Notification === 'undefined') return 'unsupported';
  if (Notification.permission !== 'default') return Notification.permission;
  try {
    return await Notification.requestPermission();
  } catch {
    return Notification.permission;
  }
}

export interface OpenCasesChange {
  /** The count shown until now; null before the first one was known. */
  previous: number | null;
  next: number;
  /** The tab is not visible (`document.hidden`). */
  hidden: boolean;
  /** The user turned desktop notifications on in this browser. */
  enabled: boolean;
  permission: NotifyPermission;
}

/**
 * A desktop notification is shown when a known count changes while the tab is hidden, the user
 * turned the setting on and the browser allows it (never for the first count a page learns).
 */
export const shouldNotify = ({ previous, next, hidden, enabled, permission }: OpenCasesChange) =>
  previous !== null && previous !== next && hidden && enabled && permission === 'granted';

/** One notification per topic: a newer one replaces the last (also across tabs). */
export function showDesktopNotification(tag: string, title: string, body: string, onClick?: () => void) {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  try {
    const notification = new Notification(title, { body, tag, icon: '/favicon.svg' });
    notification.onclick = () => {
      window.focus();
      onClick?.();
      notification.close();
    };
  } catch {
    // Some browsers (Android Chrome) allow notifications only from a service worker.
  }
}
