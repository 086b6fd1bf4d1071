// @vitest-environment jsdom
import i18next from 'i18next';
import { act, StrictMode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '@locales/en-US.json';
import { ApiError } from '@client/api/ApiError';
import { mountPoint } from '@client/test/mountPoint';
import { MailedCodeCheck } from './MailedCodeCheck';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', fallbackLng: 'en-US', resources: { 'en-US': { translation: en } }, interpolation: { escapeValue: false } });
});
const mount = mountPoint();

/** Renders the step in StrictMode, which runs every effect twice on mount: a second check would spend the code. */
function show(verify: (code: string) => Promise<string>) {
  act(() =>
    mount.root.render(
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <MailedCodeCheck code="c0de" verify={verify} checking="Checking your link" done={(name) => <p>Welcome, {name}</p>} failed={(message) => <p>Refused: {message}</p>} />
        </I18nextProvider>
      </StrictMode>,
    ),
  );
}

const settle = () => act(async () => void (await new Promise((resolve) => setTimeout(resolve, 0))));

describe('MailedCodeCheck', () => {
  it('checks the code once, says so meanwhile, then shows what it did', async () => {
    const sent: string[] = [];
    let answer!: (name: string) => void;
    show((code) => {
      sent.push(code);
      return new Promise((resolve) => (answer = resolve));
    });
    expect(mount.host.textContent).toBe('Checking your link');
    expect(mount.host.querySelector('[role="status"]')).not.toBeNull();
    await act(async () => answer('newbie'));
    expect(mount.host.textContent).toBe('Welcome, newbie');
    expect(sent).toEqual(['c0de']);
  });

  it('says why the code was refused, in the words of the catalogue', async () => {
    show(() => Promise.reject(new ApiError('signup.notFound', 'no such code', 404)));
    await settle();
    expect(mount.host.textContent).toBe(`Refused: ${en.codes.signup.notFound}`);
  });
});
