// @vitest-environment jsdom
import i18next from 'i18next';
import { act } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '@locales/en-US.json';
import { mountPoint } from '@client/test/mountPoint';

const mount = mountPoint();
const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { translation: en } }, interpolation: { escapeValue: false } });
});

// Each test starts before the dialog's library has arrived.
let MobileDrawer: typeof import('./MobileDrawer').MobileDrawer;
beforeEach(async () => {
  vi.resetModules();
  ({ MobileDrawer } = await import('./MobileDrawer'));
});

function draw() {
  act(() =>
    mount.root.render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <MobileDrawer className="toggle" mainEntries={[{ key: 'players', to: '/player', icon: 'users', place: 'main' }]} userEntries={[]} signinLink="/signin" />
        </MemoryRouter>
      </I18nextProvider>,
    ),
  );
}
const settle = () =>
  act(async () => {
    await import('./DrawerSheet');
    await new Promise((r) => setTimeout(r, 0));
  });
const trigger = () => mount.host.querySelector<HTMLButtonElement>('button[aria-label="Open menu"]')!;
const sheet = () => document.querySelector<HTMLElement>('[role="dialog"]');
const key = (key: string) =>
  act(async () => {
    document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    await new Promise((r) => setTimeout(r, 0));
  });

describe('MobileDrawer', () => {
  it('a menu button that opens, once its library is in, a modal sheet named "Menu" holding focus and the main menu', async () => {
    draw();
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
    expect(sheet()).toBeNull();
    act(() => trigger().click());
    await settle();
    expect(sheet()).not.toBeNull();
    expect(document.getElementById(sheet()!.getAttribute('aria-labelledby')!)?.textContent).toBe('Menu');
    expect(sheet()!.contains(document.activeElement)).toBe(true);
    expect(sheet()!.querySelector('nav[aria-label="Main"] a[href="/player"]')).not.toBeNull();
    expect(trigger().getAttribute('aria-expanded')).toBe('true');
    // The rest of the page is hidden from screen readers while it is open.
    expect(mount.host.getAttribute('aria-hidden')).toBe('true');
  });

  it('closes on Escape and gives focus back to the menu button', async () => {
    draw();
    act(() => trigger().click());
    await settle();
    await key('Escape');
    expect(sheet()).toBeNull();
    // The dialog gives focus back in a timer of its own once it is gone: on a busy machine after this test's next tick.
    await vi.waitFor(() => expect(document.activeElement).toBe(trigger()));
  });

  it('closes when a link inside is chosen, and with its close button', async () => {
    draw();
    act(() => trigger().click());
    await settle();
    act(() => sheet()!.querySelector<HTMLAnchorElement>('a[href="/player"]')!.click());
    await settle();
    expect(sheet()).toBeNull();
    act(() => trigger().click());
    await settle();
    act(() => sheet()!.querySelector<HTMLButtonElement>('button[aria-label="Close"]')!.click());
    await settle();
    expect(sheet()).toBeNull();
    await vi.waitFor(() => expect(document.activeElement).toBe(trigger()));
  });

  it('focus fetches its library but only a press opens the sheet', async () => {
    draw();
    act(() => trigger().focus());
    await settle();
    expect(sheet()).toBeNull();
    expect(trigger().getAttribute('aria-haspopup')).toBe('dialog');
  });
});
