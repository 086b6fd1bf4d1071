// @vitest-environment jsdom
import i18next from 'i18next';
import { act } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '@locales/en-US.json';
import { sanitizeRichText } from '@server/http/sanitize';
import { mountPoint } from '@client/test/mountPoint';
import { RichEditor } from './RichEditor';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { translation: en } }, interpolation: { escapeValue: false } });
  // jsdom has the <dialog> element without its modal methods.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
});
const mount = mountPoint();

const settle = () => act(async () => new Promise((r) => setTimeout(r, 10)));

function typeInto(input: HTMLInputElement, value: string) {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  setValue.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Inserts a link through the toolbar's dialog; answers the editor's last HTML. */
async function insertLink(url: string, text: string) {
  let html = '';
  await act(async () =>
    mount.root.render(
      <I18nextProvider i18n={i18n}>
        <RichEditor label="Reply" maxLength={5000} onChange={(next) => (html = next)} />
      </I18nextProvider>,
    ),
  );
  await settle();
  act(() => mount.host.querySelector<HTMLButtonElement>('button[aria-label="Link"]')!.click());
  const form = document.querySelector<HTMLFormElement>('#editor-link-form')!;
  const [address, label] = form.querySelectorAll('input');
  act(() => {
    typeInto(address!, url);
    typeInto(label!, text);
  });
  act(() => form.requestSubmit());
  await settle();
  return html;
}

describe('RichEditor', () => {
  it('keeps an ftp link from the link dialog, as the server does', async () => {
    const html = await insertLink('ftp://files.example.org/pub/demo.zip', 'the demo');
    expect(html).toMatch(/^<p><a href="ftp:\/\/files\.example\.org\/pub\/demo\.zip"[^>]*>the demo<\/a><\/p>$/);
    expect(sanitizeRichText(html)).toContain('href="ftp://files.example.org/pub/demo.zip"');
  });

  it('keeps an https link from the link dialog', async () => {
    expect(await insertLink('https://example.com/clip', '')).toMatch(/^<p><a href="https:\/\/example\.com\/clip"[^>]*>https:\/\/example\.com\/clip<\/a><\/p>$/);
  });
});
