// @vitest-environment jsdom
import { act, Suspense, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lazyPage, loadRoutePages, preloadRoute } from './lazyPage';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

/** A page module whose chunk "arrives" when the test says so, counting how often it is asked for. */
function fakeChunk(text: string) {
  const chunk = { asked: 0, arrive: () => undefined as void };
  const module = { Page: () => <p>{text}</p> };
  const load = () => {
    chunk.asked++;
    return new Promise<typeof module>((resolve) => (chunk.arrive = () => resolve(module)));
  };
  return { chunk, load };
}

const Wrapper = ({ children }: { children: ReactNode }) => <section>{children}</section>;

let host: HTMLDivElement;
let root: Root;
/** What the first commit of a render showed: the page or the fallback. */
let firstCommit: string;
beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(() => {
  root.unmount();
  host.remove();
});

async function render(node: ReactNode) {
  const observer = new MutationObserver(() => (firstCommit ||= host.textContent ?? ''));
  firstCommit = '';
  observer.observe(host, { childList: true, subtree: true, characterData: true });
  root.render(<Suspense fallback={<p>spinner</p>}>{node}</Suspense>);
  await new Promise((r) => setTimeout(r, 20));
  observer.disconnect();
}

describe('lazyPage and preloadRoute', () => {
  it('shows a page whose route was preloaded at once, without the fallback first', async () => {
    const { chunk, load } = fakeChunk('home page');
    const Home = lazyPage(load, 'Page');
    const routes: RouteObject[] = [{ path: '/', element: <Wrapper>{[<Home key="h" />]}</Wrapper> }];
    const preloaded = preloadRoute(routes, '/', 'en-US');
    chunk.arrive();
    await preloaded;
    await render(<Home />);
    expect(firstCommit).toBe('home page');
    expect(chunk.asked).toBe(1);
  });

  it('shows the fallback first for a page that was not preloaded, then the page', async () => {
    const { chunk, load } = fakeChunk('about page');
    const About = lazyPage(load, 'Page');
    const rendered = render(<About />);
    await new Promise((r) => setTimeout(r, 5));
    chunk.arrive();
    await rendered;
    await new Promise((r) => setTimeout(r, 350));
    expect(firstCommit).toBe('spinner');
    expect(host.textContent).toBe('about page');
  });

  it('loads only the pages of the routes that match, nested routes and wrappers included', async () => {
    const home = fakeChunk('home');
    const frame = fakeChunk('frame');
    const section = fakeChunk('section');
    const other = fakeChunk('other');
    const Home = lazyPage(home.load, 'Page');
    const Frame = lazyPage(frame.load, 'Page');
    const Section = lazyPage(section.load, 'Page');
    const Other = lazyPage(other.load, 'Page');
    const routes: RouteObject[] = [
      {
        element: <Wrapper>layout</Wrapper>,
        children: [
          { path: '/', element: <Home /> },
          { path: '/profile', element: <Frame />, children: [{ path: 'section', element: <Wrapper>{<Section />}</Wrapper> }] },
          { path: '/other', element: <Other /> },
        ],
      },
    ];
    const done = preloadRoute(routes, '/profile/section', 'en-US');
    expect([home.chunk.asked, frame.chunk.asked, section.chunk.asked, other.chunk.asked]).toEqual([0, 1, 1, 0]);
    frame.chunk.arrive();
    section.chunk.arrive();
    await done;
    await preloadRoute(routes, '/nowhere', 'en-US');
  });

  it('never fails: a chunk that cannot load fails where the page renders', async () => {
    const Broken = lazyPage(() => Promise.reject(new Error('chunk gone')), 'Page');
    await expect(preloadRoute([{ path: '/', element: <Broken /> }], '/', 'en-US')).resolves.toBeUndefined();
  });

  it("starts the reads a page module begins with, with the route's parameters and the reader's language, once its chunk is in", async () => {
    const started: Array<[string | undefined, string]> = [];
    const module = { Page: () => <p>rules</p>, startReads: (params: { name?: string }, language: string) => void started.push([params.name, language]) };
    const Page = lazyPage(() => Promise.resolve(module), 'Page');
    await preloadRoute([{ path: '/announcement/:name', element: <Page /> }], '/announcement/conductRules', 'de-DE');
    expect(started).toEqual([['conductRules', 'de-DE']]);
  });

  it("waits for a page's first reads up to the time it is given, and no longer", async () => {
    let answer!: () => void;
    const slow = { Page: () => <p>slow</p>, startReads: () => new Promise<void>((resolve) => (answer = resolve)) };
    const Page = lazyPage(() => Promise.resolve(slow), 'Page');
    let done = false;
    const preloaded = preloadRoute([{ path: '/', element: <Page /> }], '/', 'en-US', 50).then(() => (done = true));
    await new Promise((r) => setTimeout(r, 10));
    expect(done).toBe(false);
    answer();
    await preloaded;
    const Never = lazyPage(() => Promise.resolve({ Page: () => <p>never</p>, startReads: () => new Promise<void>(() => undefined) }), 'Page');
    const started = Date.now();
    await preloadRoute([{ path: '/', element: <Never /> }], '/', 'en-US', 50);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });

  it("loads a route's page chunks for the server's first paint without starting the page's reads", async () => {
    const started: string[] = [];
    const module = { Page: () => <p>rules, drawn</p>, startReads: (params: { name?: string }) => void started.push(params.name ?? '') };
    const Page = lazyPage(() => Promise.resolve(module), 'Page');
    await loadRoutePages([{ path: '/announcement/:name', element: <Page /> }], '/announcement/conductRules');
    await render(<Page />);
    expect(firstCommit).toBe('rules, drawn');
    expect(started).toEqual([]);
  });
});
