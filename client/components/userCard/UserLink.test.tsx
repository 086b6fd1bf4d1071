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

// Each test starts before the hover card's library has arrived.
let UserLink: typeof import('./UserLink').UserLink;
beforeEach(async () => {
  vi.resetModules();
  ({ UserLink } = await import('./UserLink'));
});

function draw() {
  act(() =>
    mount.root.render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <p>
            Reported by <UserLink id={7}>Alice</UserLink>
          </p>
        </MemoryRouter>
      </I18nextProvider>,
    ),
  );
}
const wait = (ms: number) =>
  act(async () => {
    await import('./UserCardPopup');
    await new Promise((r) => setTimeout(r, ms));
  });
const link = () => mount.host.querySelector<HTMLAnchorElement>('a[href="/space/7"]')!;
const card = () => document.querySelector<HTMLElement>('[data-testid="user-card"]');

describe('UserLink', () => {
  it('a link to the space; focus fetches the card and shows it at once, focus staying on the link', async () => {
    draw();
    expect(link().textContent).toBe('Alice');
    expect(link().hasAttribute('data-state')).toBe(false);
    act(() => link().focus());
    await wait(0);
    expect(card()).not.toBeNull();
    expect(document.activeElement).toBe(link());
  });

  it('Escape closes the card; focus coming back opens it after the hover delay; leaving closes it', async () => {
    draw();
    act(() => link().focus());
    await wait(0);
    await act(async () => {
      link().dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(card()).toBeNull();
    expect(document.activeElement).toBe(link());
    act(() => link().blur());
    act(() => link().focus());
    await wait(50);
    expect(card()).toBeNull();
    await wait(400);
    expect(card()).not.toBeNull();
    act(() => link().blur());
    await wait(250);
    expect(card()).toBeNull();
  });

  it('a touch opens the link, not the card', async () => {
    draw();
    act(() => void link().dispatchEvent(new PointerEvent('pointerover', { bubbles: true, pointerType: 'touch' })));
    await wait(0);
    expect(link().hasAttribute('data-state')).toBe(false);
    expect(card()).toBeNull();
  });
});
