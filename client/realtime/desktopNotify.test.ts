// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notifyPermission, requestNotifyPermission, shouldNotify, showDesktopNotification, type OpenCasesChange } from './desktopNotify';

describe('shouldNotify', () => {
  const change: OpenCasesChange = { previous: 3, next: 4, hidden: true, enabled: true, permission: 'granted' };

  it('notifies when the count changes while the tab is hidden, the setting is on and the browser allows it', () => {
    expect(shouldNotify(change)).toBe(true);
    expect(shouldNotify({ ...change, next: 2 })).toBe(true);
  });

  it('stays quiet otherwise', () => {
    expect(shouldNotify({ ...change, next: 3 })).toBe(false);
    expect(shouldNotify({ ...change, previous: null })).toBe(false);
    expect(shouldNotify({ ...change, hidden: false })).toBe(false);
    expect(shouldNotify({ ...change, enabled: false })).toBe(false);
    expect(shouldNotify({ ...change, permission: 'default' })).toBe(false);
    expect(shouldNotify({ ...change, permission: 'denied' })).toBe(false);
    expect(shouldNotify({ ...change, permission: 'unsupported' })).toBe(false);
  });
});

/** A stand-in for the browser's Notification API, recording what was shown. */
function fakeNotification(permission: NotificationPermission, answer: NotificationPermission = permission) {
  const shown: Array<{ title: string; options?: NotificationOptions }> = [];
  class FakeNotification {
    static permission = permission;
    static requestPermission = vi.fn(async () => (FakeNotification.permission = answer));
    onclick: (() => void) | null = null;
    constructor(title: string, options?: NotificationOptions) {
      shown.push({ title, options });
    }
    close() {}
  }
  vi.stubGlobal('Notification', FakeNotification);
  return { shown, FakeNotification };
}

describe('the Notification API', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads as unsupported where it does not exist', async () => {
    vi.stubGlobal('Notification', undefined);
    expect(notifyPermission()).toBe('unsupported');
    expect(await requestNotifyPermission()).toBe('unsupported');
  });

  it('asks only while the browser has not answered', async () => {
    const asked = fakeNotification('default', 'granted');
    expect(await requestNotifyPermission()).toBe('granted');
    expect(asked.FakeNotification.requestPermission).toHaveBeenCalledTimes(1);

    const denied = fakeNotification('denied');
    expect(await requestNotifyPermission()).toBe('denied');
    expect(denied.FakeNotification.requestPermission).not.toHaveBeenCalled();
  });

  it('shows a notification only with permission, tagged so a newer one replaces it', () => {
    const refused = fakeNotification('denied');
    showDesktopNotification('open', 'Title', 'Body');
    expect(refused.shown).toEqual([]);

    const allowed = fakeNotification('granted');
    showDesktopNotification('open', 'Title', 'Body');
    expect(allowed.shown).toEqual([{ title: 'Title', options: expect.objectContaining({ body: 'Body', tag: 'open' }) }]);
  });
});
