// @vitest-environment jsdom
import i18next from 'i18next';
import { act } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '@locales/en-US.json';
import { mountPoint } from '@client/test/mountPoint';
import { announce, announcements, unannounce } from './announce';
import { LiveAnnouncer } from './LiveAnnouncer';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', fallbackLng: 'en-US', resources: { 'en-US': { translation: en } }, interpolation: { escapeValue: false } });
});
const mount = mountPoint();

/** valtio hands the change to React after a tick. */
const settle = () => act(async () => new Promise((r) => setTimeout(r, 0)));

describe('LiveAnnouncer', () => {
  it('is one polite status region, out of sight, holding the last three messages as elements of their own', async () => {
    act(() =>
      mount.root.render(
        <I18nextProvider i18n={i18n}>
          <button type="button">focused</button>
          <LiveAnnouncer />
        </I18nextProvider>,
      ),
    );
    const region = mount.host.querySelector('[role="status"]')!;
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.getAttribute('aria-label')).toBe('Live updates');
    expect(region.className).toBe('visually-hidden');
    const button = mount.host.querySelector('button')!;
    button.focus();

    for (const text of ['Votes: 1 of 2.', 'Votes: 1 of 2.', 'A reply.', 'Votes: 2 of 2.']) announce(text);
    await settle();
    const said = [...region.querySelectorAll('p')];
    // The same words twice are two messages; the oldest of four is gone.
    expect(said.map((p) => p.textContent)).toEqual(['Votes: 1 of 2.', 'A reply.', 'Votes: 2 of 2.']);
    expect(document.activeElement).toBe(button);

    announce('Votes: 2 of 2.');
    await settle();
    // Said again: a new element is added, the earlier ones are kept as they were.
    expect(region.querySelectorAll('p')[1]).toBe(said[2]);
    expect(region.lastElementChild?.textContent).toBe('Votes: 2 of 2.');
  });

  it('lets go of the messages about what is taken back, and of those only', async () => {
    announcements.items = [];
    act(() =>
      mount.root.render(
        <I18nextProvider i18n={i18n}>
          <LiveAnnouncer />
        </I18nextProvider>,
      ),
    );
    announce('A reported B.', 'activity:report:1');
    announce('Votes: 1 of 2.');
    announce('C reported D.', 'activity:report:2');
    unannounce(['activity:report:1', 'activity:report:9']);
    await settle();
    const region = mount.host.querySelector('[role="status"]')!;
    expect([...region.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['Votes: 1 of 2.', 'C reported D.']);
  });
});
