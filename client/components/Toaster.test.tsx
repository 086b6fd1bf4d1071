// @vitest-environment jsdom
import i18next from 'i18next';
import { act } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import en from '@locales/en-US.json';
import { mountPoint } from '@client/test/mountPoint';
import { Toaster } from './Toaster';
import { toast, toasts } from './toast';

const mount = mountPoint();
const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { translation: en } }, interpolation: { escapeValue: false } });
});
afterEach(() => {
  toasts.items = [];
});

function draw() {
  act(() =>
    mount.root.render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <Toaster />
        </MemoryRouter>
      </I18nextProvider>,
    ),
  );
}
const settle = (ms = 0) =>
  act(async () => {
    await import('./ToastRegion');
    await new Promise((r) => setTimeout(r, ms));
  });
const region = () => document.querySelector<HTMLElement>('[role="region"]');
const shown = () => [...(region()?.querySelectorAll('li') ?? [])].map((li) => li.querySelector('[class*="message"]')?.textContent);
/** Radix's announcement: a live region of its own holding the label and the toast's text, for a second. */
const announced = () => [...document.querySelectorAll('[role="status"]')].map((s) => [s.getAttribute('aria-live'), s.textContent]);

describe('Toaster', () => {
  it('draws nothing until the first toast; then a region named with its key shows it', async () => {
    draw();
    expect(region()).toBeNull();
    act(() => toast.success('Saved.'));
    await settle();
    expect(region()?.getAttribute('aria-label')).toBe('Notifications (F8)');
    expect(shown()).toEqual(['Saved.']);
  });

  it('announces a result politely and an error at once, without the dismiss button’s name', async () => {
    draw();
    act(() => toast.success('Saved.'));
    await settle(50);
    act(() => toast.error('Could not save.'));
    await settle(50);
    expect(announced()).toEqual([
      ['polite', 'Notification Saved.'],
      ['assertive', 'Notification Could not save.'],
    ]);
  });

  it('Dismiss and Escape remove a toast from the list; a link is offered with its label', async () => {
    draw();
    act(() => toast.info('New message.', { label: 'Open', to: '/profile/chat' }));
    act(() => toast.success('Saved.'));
    await settle();
    expect(region()!.querySelector('a[href="/profile/chat"]')?.textContent).toBe('Open');
    act(() => region()!.querySelector<HTMLButtonElement>('li:last-child button[aria-label="Dismiss"]')!.click());
    await settle();
    expect(toasts.items.map((t) => t.message)).toEqual(['New message.']);
    const first = region()!.querySelector<HTMLElement>('li')!;
    act(() => first.focus());
    await act(async () => {
      first.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(toasts.items).toEqual([]);
    expect(shown()).toEqual([]);
  });

  it('goes after its time, which stops while the toasts have focus', async () => {
    draw();
    act(() => {
      toasts.items = [
        { id: 901, tone: 'success', message: 'Saved.', duration: 100 },
        { id: 902, tone: 'info', message: 'Kept.', duration: 100 },
      ];
    });
    await settle();
    act(() => region()!.querySelector<HTMLElement>('li:last-child')!.focus());
    await settle(250);
    expect(shown()).toEqual(['Saved.', 'Kept.']);
    act(() => (document.activeElement as HTMLElement).blur());
    await settle(250);
    expect(shown()).toEqual([]);
    expect(toasts.items).toEqual([]);
  });
});
