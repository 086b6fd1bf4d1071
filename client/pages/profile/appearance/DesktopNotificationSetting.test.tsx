// @vitest-environment jsdom
import i18next from 'i18next';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '@locales/en-US.json';
import { preferences } from '@client/state/preferences';
import { DesktopNotificationSetting } from './DesktopNotificationSetting';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { translation: en } }, interpolation: { escapeValue: false } });
});

/** The browser's Notification API, answering `answer` when asked. */
function stubNotification(permission: NotificationPermission, answer: NotificationPermission) {
  const requestPermission = vi.fn(async () => {
    Fake.permission = answer;
    return answer;
  });
  class Fake {
    static permission = permission;
    static requestPermission = requestPermission;
  }
  vi.stubGlobal('Notification', Fake);
  return requestPermission;
}

let host: HTMLDivElement;
let root: Root;
beforeEach(() => {
  preferences.desktopNotification = false;
  host = document.createElement('div');
  document.body.append(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  vi.unstubAllGlobals();
});

async function render() {
  root = createRoot(host);
  await act(async () =>
    root.render(
      <I18nextProvider i18n={i18n}>
        <DesktopNotificationSetting />
      </I18nextProvider>,
    ),
  );
  return host.querySelector<HTMLInputElement>('input[role="switch"]')!;
}

describe('the desktop notification setting', () => {
  it('asks for permission when turned on and stays on once granted', async () => {
    const ask = stubNotification('default', 'granted');
    const toggle = await render();
    expect(toggle.checked).toBe(false);
    await act(async () => toggle.click());
    expect(ask).toHaveBeenCalledTimes(1);
    expect(preferences.desktopNotification).toBe(true);
    expect(toggle.checked).toBe(true);

    await act(async () => toggle.click());
    expect(preferences.desktopNotification).toBe(false);
    expect(toggle.checked).toBe(false);
  });

  it('stays off and says how to allow them when the browser refuses', async () => {
    stubNotification('default', 'denied');
    const toggle = await render();
    await act(async () => toggle.click());
    expect(preferences.desktopNotification).toBe(false);
    expect(toggle.checked).toBe(false);
    expect(host.textContent).toContain('Your browser blocks notifications from Tribunal');
  });

  it('cannot be turned on where there are no notifications', async () => {
    vi.stubGlobal('Notification', undefined);
    const toggle = await render();
    expect(toggle.disabled).toBe(true);
    expect(host.textContent).toContain('This browser cannot show desktop notifications.');
  });
});
