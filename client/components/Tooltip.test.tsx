// @vitest-environment jsdom
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mountPoint } from '@client/test/mountPoint';

const mount = mountPoint();

/** Lets the primitive's module arrive and React draw it. */
const settle = () =>
  act(async () => {
    await import('./TooltipPopup');
    await new Promise((r) => setTimeout(r, 0));
  });
const anchor = () => mount.host.querySelector<HTMLElement>('[tabindex="0"]')!;
const tip = () => document.querySelector('[role="tooltip"]');

// Each test starts before the library has arrived.
let Tooltip: typeof import('./Tooltip').Tooltip;
beforeEach(async () => {
  vi.resetModules();
  ({ Tooltip } = await import('./Tooltip'));
});

function draw() {
  act(() => mount.root.render(<Tooltip tip="12:00 UTC">noon</Tooltip>));
  expect(anchor().hasAttribute('data-state')).toBe(false);
}
const pointer = (type: string) => act(() => void anchor().dispatchEvent(new PointerEvent(type, { bubbles: true, pointerType: 'mouse' })));

describe('Tooltip', () => {
  it('is text that takes focus; focus fetches the library, keeps focus on the text and shows the tip as its description', async () => {
    draw();
    expect(anchor().textContent).toBe('noon');
    act(() => anchor().focus());
    await settle();
    expect(document.activeElement).toBe(anchor());
    expect(tip()?.textContent).toBe('12:00 UTC');
    expect(document.getElementById(anchor().getAttribute('aria-describedby')!)?.textContent).toBe('12:00 UTC');
  });

  it('closes on Escape and when focus leaves', async () => {
    draw();
    act(() => anchor().focus());
    await settle();
    expect(tip()).not.toBeNull();
    await act(async () => {
      anchor().dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(tip()).toBeNull();
    act(() => anchor().blur());
    act(() => anchor().focus());
    await settle();
    expect(tip()).not.toBeNull();
    act(() => anchor().blur());
    await settle();
    expect(tip()).toBeNull();
  });

  it('opens for a pointer still over the text when the library arrives, and not for one that left', async () => {
    draw();
    pointer('pointerover');
    await settle();
    expect(tip()?.textContent).toBe('12:00 UTC');
    act(() => mount.root.render(null));

    vi.resetModules();
    ({ Tooltip } = await import('./Tooltip'));
    draw();
    pointer('pointerover');
    pointer('pointerout');
    await settle();
    expect(anchor().hasAttribute('data-state')).toBe(true);
    expect(tip()).toBeNull();
  });
});
