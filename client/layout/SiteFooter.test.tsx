// @vitest-environment jsdom
import i18next from 'i18next';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import en from '@locales/en-US.json';
import { DEFAULT_FLAGS, localFlags } from '@client/state/localFlags';
import { SiteFooter } from './SiteFooter';

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

async function render() {
  await act(async () => {
    root.render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <main>page content</main>
          <SiteFooter menu={[]} />
        </MemoryRouter>
      </I18nextProvider>,
    );
  });
}

describe('the footer bar flag', () => {
  it('shows the footer by default and hides it at once when turned off', async () => {
    await render();
    expect(host.textContent).toContain('page content');
    expect(host.querySelector('main ~ footer')).not.toBeNull();
    await act(async () => {
      localFlags.footerBar = false;
    });
    expect(host.querySelector('main ~ footer')).toBeNull();
    expect(host.textContent).toContain('page content');
  });
});
