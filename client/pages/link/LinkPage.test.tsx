// @vitest-environment jsdom
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '@locales/en-US.json';
import { TRANSLATORS, type LinkEntry } from '@shared/links';
import { LinkPage } from './LinkPage';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', fallbackLng: 'en-US', resources: { 'en-US': { translation: en } }, interpolation: { escapeValue: false } });
});

/** The sections of the page: heading and links. */
function sections(partners?: readonly LinkEntry[]) {
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <LinkPage partners={partners} />
    </I18nextProvider>,
  );
  return [...new DOMParser().parseFromString(html, 'text/html').querySelectorAll('section')].map((s) => ({
    title: s.querySelector('h2')?.textContent,
    links: [...s.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]),
  }));
}

describe('/link', () => {
  it('lists partners, then translation contributors', () => {
    const partner = { name: 'Server Admins United', url: 'https://admins.example' };
    expect(sections([partner])).toEqual([
      { title: 'Partners', links: [['Server Admins United', 'https://admins.example']] },
      { title: en.link.translators, links: TRANSLATORS.map((e) => [e.name, e.url]) },
    ]);
  });

  it('leaves the partners section out while the site has none', () => {
    expect(sections([]).map((s) => s.title)).toEqual([en.link.translators]);
  });
});
