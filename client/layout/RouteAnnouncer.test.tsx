// @vitest-environment jsdom
import { act, useEffect, useRef } from 'react';
import { createMemoryRouter, Navigate, Outlet, RouterProvider, useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { announcements } from '@client/components/announce';
import { mountPoint } from '@client/test/mountPoint';
import { RouteAnnouncer } from './RouteAnnouncer';

const mount = mountPoint();

function Frame() {
  const main = useRef<HTMLElement>(null);
  return (
    <>
      <input aria-label="site search" />
      <RouteAnnouncer main={main} />
      <main ref={main}>
        <Outlet />
      </main>
    </>
  );
}

/** A page as the layout's page meta titles it. */
function Page({ title, children }: { title: string; children?: React.ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Site`;
  }, [title]);
  return (
    <>
      <h1>{title}</h1>
      {children}
    </>
  );
}

function Find() {
  const { text = '' } = useParams();
  return (
    <Page title="Find">
      <input aria-label="find" defaultValue={text} />
    </Page>
  );
}

async function start(at: string) {
  const router = createMemoryRouter(
    [
      {
        element: <Frame />,
        children: [
          { path: '/a', handle: { page: 'a' }, element: <Page title="Page A" /> },
          { path: '/b', handle: { page: 'b' }, element: <Page title="Page B" /> },
          { path: '/form', handle: { page: 'form' }, element: <Page title="Form"><input aria-label="first field" autoFocus /></Page> },
          { path: '/find/:text?', handle: { page: 'find', liveAddress: true }, element: <Find /> },
          { path: '/old', element: <Navigate to="/a" replace /> },
        ],
      },
    ],
    { initialEntries: [at] },
  );
  act(() => mount.root.render(<RouterProvider router={router} />));
  await settle();
  return router;
}
/** Lets the announcer look for the new page's heading. */
const settle = () => act(() => new Promise((r) => setTimeout(r, 150)));
const go = async (router: Awaited<ReturnType<typeof start>>, to: string, replace = false) => {
  await act(() => router.navigate(to, { replace }));
  await settle();
};
const said = () => announcements.items.map((i) => i.text);
const focused = () => {
  const a = document.activeElement!;
  return a.getAttribute('aria-label') ?? (a.matches('h1') ? a.textContent : a.tagName);
};
const interact = () => document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));

describe('RouteAnnouncer', () => {
  it('says nothing and moves nothing on the first load, its redirects included', async () => {
    const before = said();
    await start('/old');
    expect(document.title).toBe('Page A · Site');
    expect(said()).toEqual(before);
    expect(focused()).toBe('BODY');
  });

  it("after a change of page, focuses the new page's h1 and says its title", async () => {
    const router = await start('/a');
    interact();
    await go(router, '/b');
    expect(focused()).toBe('Page B');
    expect(document.activeElement?.getAttribute('tabindex')).toBe('-1');
    expect(said().at(-1)).toBe('Page B · Site');
  });

  it('leaves focus alone when only the query or the hash changed', async () => {
    const router = await start('/a');
    interact();
    (document.querySelector('main') as HTMLElement).tabIndex = -1;
    document.querySelector('main')!.focus();
    const before = said();
    await go(router, '/a?sort=new');
    await go(router, '/a#part');
    expect(focused()).toBe('MAIN');
    expect(said()).toEqual(before);
  });

  it('leaves focus where the new page put it, and still says the title', async () => {
    const router = await start('/a');
    interact();
    await go(router, '/form');
    expect(focused()).toBe('first field');
    expect(said().at(-1)).toBe('Form · Site');
  });

  it('leaves focus in a field outside the page, where the reader may be typing', async () => {
    const router = await start('/a');
    interact();
    (document.querySelector('[aria-label="site search"]') as HTMLInputElement).focus();
    await go(router, '/b');
    expect(focused()).toBe('site search');
    expect(said().at(-1)).toBe('Page B · Site');
  });

  it('is quiet while the address follows what is typed on the page', async () => {
    const router = await start('/find');
    interact();
    (document.querySelector('main input') as HTMLInputElement).focus();
    const before = said();
    await go(router, '/find/ab', true);
    await go(router, '/find/abc', true);
    expect(focused()).toBe('find');
    expect(said()).toEqual(before);
  });
});
