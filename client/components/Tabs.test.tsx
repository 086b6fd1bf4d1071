// @vitest-environment jsdom
import i18next from 'i18next';
import { act, useState } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { mountPoint } from '@client/test/mountPoint';
import { Tabs } from './Tabs';

const mount = mountPoint();
const ITEMS = ['one', 'two', 'three'] as const;

function Three() {
  const [value, setValue] = useState<(typeof ITEMS)[number]>('one');
  return <Tabs label="Numbers" value={value} onChange={setValue} items={ITEMS.map((id) => ({ id, label: `Tab ${id}`, content: <p>Panel {id}</p> }))} />;
}

async function show(language: string) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ lng: language, resources: {} });
  act(() =>
    mount.root.render(
      <I18nextProvider i18n={i18n}>
        <Three />
      </I18nextProvider>,
    ),
  );
  // Until Radix's tabs arrive the tabs are drawn without their keyboard.
  await act(async () => {
    await import('./TabList');
    await new Promise((r) => setTimeout(r, 0));
  });
  expect(mount.host.querySelector('[role="tablist"]')?.hasAttribute('data-orientation')).toBe(true);
}

const tab = (id: string) => mount.host.querySelector<HTMLElement>(`[role="tab"][data-tab="${id}"]`)!;
/** Radix moves focus a moment after the key. */
const press = (key: string) =>
  act(async () => {
    document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    await new Promise((r) => setTimeout(r, 0));
  });
const state = () => ({
  focused: document.activeElement?.getAttribute('data-tab'),
  selected: mount.host.querySelector('[role="tab"][aria-selected="true"]')?.getAttribute('data-tab'),
  panel: mount.host.querySelector('[role="tabpanel"]')?.textContent,
  labelledBy: mount.host.querySelector('[role="tabpanel"]')?.getAttribute('aria-labelledby') === mount.host.querySelector('[role="tab"][aria-selected="true"]')?.id,
});

describe('Tabs', () => {
  it('a tab list named by its label, only the selected panel, labelled by its tab', async () => {
    await show('en-US');
    expect(mount.host.querySelector('[role="tablist"]')?.getAttribute('aria-label')).toBe('Numbers');
    expect(mount.host.querySelectorAll('[role="tabpanel"]')).toHaveLength(1);
    expect(state()).toMatchObject({ selected: 'one', panel: 'Panel one', labelledBy: true });
  });

  it('keeps the panel drawn when the library of the tab list arrives', async () => {
    let drawn = 0;
    function Counted() {
      drawn += 1;
      return <p>Counted</p>;
    }
    const i18n = i18next.createInstance();
    await i18n.use(initReactI18next).init({ lng: 'en-US', resources: {} });
    act(() =>
      mount.root.render(
        <I18nextProvider i18n={i18n}>
          <Tabs label="Once" value="a" onChange={() => undefined} items={[{ id: 'a', label: 'A', content: <Counted /> }]} />
        </I18nextProvider>,
      ),
    );
    const panel = mount.host.querySelector('[role="tabpanel"] p');
    await act(async () => {
      await import('./TabList');
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(mount.host.querySelector('[role="tabpanel"] p')).toBe(panel);
    expect(drawn).toBe(1);
  });

  it('arrow keys move and select, wrapping; Home and End go to the ends', async () => {
    await show('en-US');
    act(() => tab('one').focus());
    await press('ArrowRight');
    expect(state()).toMatchObject({ focused: 'two', selected: 'two', panel: 'Panel two' });
    await press('End');
    expect(state()).toMatchObject({ focused: 'three', selected: 'three' });
    await press('ArrowRight');
    expect(state()).toMatchObject({ focused: 'one', selected: 'one' });
    await press('ArrowLeft');
    expect(state()).toMatchObject({ focused: 'three', selected: 'three' });
    await press('Home');
    expect(state()).toMatchObject({ focused: 'one', selected: 'one', labelledBy: true });
  });

  it('in a right-to-left language the left arrow goes forward', async () => {
    await show('ar-EG');
    act(() => tab('one').focus());
    await press('ArrowLeft');
    expect(state()).toMatchObject({ focused: 'two', selected: 'two' });
  });
});
