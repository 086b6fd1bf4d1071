// @vitest-environment jsdom
import i18next from 'i18next';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import en from '@locales/en-US.json';
import { SPONSORS } from '@shared/sponsors';
import { DEFAULT_FLAGS, FLAGS_KEY, localFlags } from '@client/state/localFlags';
import { SiteFooter } from './SiteFooter';
import { Sponsors } from './Sponsors';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
// Vite writes the version in at build time.
(globalThis as { __APP_VERSION__?: string }).__APP_VERSION__ = 'test';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { translation: en } }, interpolation: { escapeValue: false } });
});

let host: HTMLDivElement;
let root: Root;
beforeEach(() => {
  Object.assign(localFlags, DEFAULT_FLAGS);
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

async function render(node: ReactNode) {
  await act(async () => {
    root.render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <main>page content</main>
          {node}
        </MemoryRouter>
      </I18nextProvider>,
    );
  });
}

const banner = () => host.querySelector<HTMLElement>('footer aside[aria-label="Companion app"]');

describe('the footer app banner (the footerBar flag)', () => {
  it('shows in the footer by default and links to /app', async () => {
    await render(<SiteFooter menu={[]} />);
    expect(banner()).not.toBeNull();
    expect(banner()!.textContent).toContain(en.companionApp.banner.text);
    expect(banner()!.querySelector('a')!.getAttribute('href')).toBe('/app');
  });

  it('closing it turns the flag off and saves it, the rest of the footer stays', async () => {
    await render(<SiteFooter menu={[]} />);
    const close = banner()!.querySelector<HTMLButtonElement>(`button[aria-label="${en.companionApp.banner.dismiss}"]`)!;
    await act(async () => close.click());
    expect(banner()).toBeNull();
    expect(localFlags.footerBar).toBe(false);
    await act(async () => new Promise((r) => setTimeout(r, 0)));
    expect(JSON.parse(localStorage.getItem(FLAGS_KEY)!)).toMatchObject({ footerBar: false });
    expect(host.querySelector('main ~ footer')).not.toBeNull();
    expect(host.textContent).toContain(en.footer.apiDocs);
  });

  it('follows the flag at once both ways (the profile switch)', async () => {
    await render(<SiteFooter menu={[]} />);
    await act(async () => {
      localFlags.footerBar = false;
    });
    expect(banner()).toBeNull();
    await act(async () => {
      localFlags.footerBar = true;
    });
    expect(banner()).not.toBeNull();
  });
});

describe('the footer site links', () => {
  it('link the accessibility statement', async () => {
    await render(<SiteFooter menu={[]} />);
    const link = [...host.querySelectorAll('footer a')].find((a) => a.textContent === en.footer.accessibility);
    expect(link?.getAttribute('href')).toBe('/accessibility');
  });
});

describe('the sponsor logos', () => {
  it('show each sponsor of the data file as a linked logo with its name', async () => {
    await render(<SiteFooter menu={[]} />);
    const logos = [...host.querySelectorAll<HTMLImageElement>('footer section[aria-labelledby="footer-sponsors"] a img')];
    expect(logos.map((img) => img.alt)).toEqual(SPONSORS.map((s) => s.name));
    expect(logos.map((img) => img.getAttribute('src'))).toEqual(SPONSORS.map((s) => s.logo));
    expect(logos.map((img) => img.closest('a')!.getAttribute('href'))).toEqual(SPONSORS.map((s) => s.url));
  });

  it('hide the whole section when the list is empty', async () => {
    await render(<Sponsors sponsors={[]} />);
    expect(host.textContent).not.toContain(en.footer.sponsors);
    expect(host.querySelector('img')).toBeNull();
  });
});
