// @vitest-environment jsdom
import i18next from 'i18next';
import { act } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '@locales/en-US.json';
import { mountPoint } from '@client/test/mountPoint';
import { announcements } from './announce';
import { usePagerFocus } from './usePagerFocus';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', fallbackLng: 'en-US', resources: { 'en-US': { translation: en } }, interpolation: { escapeValue: false } });
});
const mount = mountPoint();
let go: (page: number) => void;

function List({ page, shown }: { page: number; shown: boolean }) {
  const pager = usePagerFocus<HTMLDivElement>(page, 4, shown);
  go = pager.go;
  return (
    <>
      <input aria-label="filter" />
      <div ref={pager.results} tabIndex={-1} role="region" aria-label="Results" />
    </>
  );
}
const render = (page: number, shown: boolean) =>
  act(() =>
    mount.root.render(
      <I18nextProvider i18n={i18n}>
        <List page={page} shown={shown} />
      </I18nextProvider>,
    ),
  );
const focused = () => document.activeElement?.getAttribute('aria-label');
const lastSaid = () => announcements.items.at(-1)?.text;

describe('usePagerFocus', () => {
  it('moves focus to the list and says the page once the page its pager went to is shown', () => {
    render(1, true);
    (mount.host.querySelector('input') as HTMLInputElement).focus();
    go(2);
    render(2, false);
    expect(focused()).toBe('filter');
    render(2, true);
    expect(focused()).toBe('Results');
    expect(lastSaid()).toBe('Page 2 of 4.');
  });

  it('moves nothing when the page changes otherwise (a filter, the address), or the pager pointed at the page shown', () => {
    render(3, true);
    (mount.host.querySelector('input') as HTMLInputElement).focus();
    const said = announcements.items.map((i) => i.id);
    render(1, false);
    render(1, true);
    go(1);
    render(1, false);
    render(1, true);
    expect(focused()).toBe('filter');
    expect(announcements.items.map((i) => i.id)).toEqual(said);
  });
});
