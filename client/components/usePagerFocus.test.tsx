// @vitest-environment jsdom
import i18next from 'i18next';
import { act } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, useSearchParams } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '@locales/en-US.json';
import { mountPoint } from '@client/test/mountPoint';
import { announcements } from './announce';
import { Pager } from './Pager';
import { usePagerFocus } from './usePagerFocus';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', fallbackLng: 'en-US', resources: { 'en-US': { translation: en } }, interpolation: { escapeValue: false } });
});
const mount = mountPoint();
let go: (page: number) => void;

function List({ page, shown }: { page: number; shown: boolean }) {
  const pager = usePagerFocus(page, 4, shown);
  go = pager.go;
  return (
    <>
      <input aria-label="filter" />
      <div {...pager.region('Results')} />
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

/** A screen with a pager whose page is in the address, as the site's lists are; `loaded` is the page whose items are in. */
function Screen({ loaded }: { loaded: number }) {
  const [params] = useSearchParams();
  const page = Number(params.get('page')) || 1;
  const pager = usePagerFocus(page, 3, loaded === page);
  return (
    <>
      <div {...pager.region('Results')}>
        <a href={`#item-${loaded}`}>Item of page {loaded}</a>
      </div>
      <Pager page={page} pageCount={3} to={(p) => `?page=${p}`} label="Pages" onGo={pager.go} />
    </>
  );
}
const renderAt = (address: string, loaded: number) =>
  act(() =>
    mount.root.render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[address]}>
          <Screen loaded={loaded} />
        </MemoryRouter>
      </I18nextProvider>,
    ),
  );
const link = (name: string) => mount.host.querySelector<HTMLAnchorElement>(`nav a[aria-label="${name}"]`)!;

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

  it('gives the list a named region that script can focus, and adds no tab stop', () => {
    render(1, true);
    const region = mount.host.querySelector('[role="region"]') as HTMLElement;
    expect(region.getAttribute('aria-label')).toBe('Results');
    expect(region.tabIndex).toBe(-1);
  });

  it("moves focus from the pager's link to the list once the page the link went to is in, and not on the first load", async () => {
    renderAt('/?page=2', 0);
    renderAt('/?page=2', 2);
    expect(document.activeElement).toBe(document.body);

    link('Next page').focus();
    await act(async () => link('Next page').click());
    expect(focused()).not.toBe('Results');
    renderAt('/?page=2', 3);
    expect(focused()).toBe('Results');
    expect(lastSaid()).toBe('Page 3 of 3.');
    expect(mount.host.querySelector('[role="region"] a')?.textContent).toBe('Item of page 3');
  });
});
