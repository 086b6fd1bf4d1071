// @vitest-environment jsdom
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '@locales/en-US.json';
import { NameHistory } from './NameHistory';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', fallbackLng: 'en-US', resources: { 'en-US': { translation: en } }, interpolation: { escapeValue: false } });
});

/** Each name's line as a reader sees it. */
function lines(history: Array<{ originName: string; fromTime: string; toTime: string }>, current: string) {
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <NameHistory history={history} current={current} />
    </I18nextProvider>,
  );
  return [...new DOMParser().parseFromString(html, 'text/html').querySelectorAll('li')].map((li) => li.textContent);
}

describe('the Names panel', () => {
  it('shows the current name as held since it was first seen, and ended names with their span', () => {
    const history = [
      { originName: 'OldAce', fromTime: '2024-01-05T12:00:00.000Z', toTime: '2024-03-01T12:00:00.000Z' },
      { originName: 'NewAce', fromTime: '2024-03-02T12:00:00.000Z', toTime: '2025-06-30T12:00:00.000Z' },
    ];
    expect(lines(history, 'NewAce')).toEqual(['NewAcecurrentsince Mar 2, 2024', 'OldAceJan 5, 2024 – Mar 1, 2024']);
  });

  it('gives a name the account left no "since", even when it is the newest seen', () => {
    const history = [{ originName: 'Gone', fromTime: '2024-03-02T12:00:00.000Z', toTime: '2024-05-01T12:00:00.000Z' }];
    expect(lines(history, 'Renamed')).toEqual(['GoneMar 2, 2024 – May 1, 2024']);
  });
});
