// @vitest-environment jsdom
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '@locales/en-US.json';
import de from '@locales/de-DE.json';
import { LANGUAGES, THEMES } from '@shared/languages';
import { SITE_LINKS } from '@client/layout/siteLinks';
import { AccessibilityPage } from './AccessibilityPage';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en-US',
    fallbackLng: 'en-US',
    resources: { 'en-US': { translation: en }, 'de-DE': { translation: de } },
    interpolation: { escapeValue: false },
  });
});

async function page(lng: string) {
  await i18n.changeLanguage(lng);
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <AccessibilityPage />
      </MemoryRouter>
    </I18nextProvider>,
  );
  return new DOMParser().parseFromString(html, 'text/html');
}

const texts = (doc: Document, selector: string) => [...doc.querySelectorAll(selector)].map((e) => e.textContent);

describe('/accessibility', () => {
  it('shows the title and one labelled section per heading, listed in the contents', async () => {
    const doc = await page('en-US');
    const a = en.accessibility;
    const headings = [a.supports.title, a.checks.title, a.limits.title, a.standard.title, a.report.title];
    expect(texts(doc, 'h1')).toEqual([a.title]);
    expect(texts(doc, 'section > h2')).toEqual(headings);
    expect(texts(doc, `nav[aria-label="${a.contents}"] a`)).toEqual(headings);
    for (const section of doc.querySelectorAll('section')) {
      expect(doc.getElementById(section.getAttribute('aria-labelledby')!)?.closest('section')).toBe(section);
    }
  });

  it('lists every point of its translation, the number of languages filled in', async () => {
    const doc = await page('en-US');
    expect(texts(doc, '#supports li')).toEqual(en.accessibility.supports.points.map((p) => p.replace('{{count}}', String(LANGUAGES.length))));
    expect(texts(doc, '#checks li')).toEqual(en.accessibility.checks.points.map((p) => p.replace('{{themes}}', String(THEMES.length))));
    expect(texts(doc, '#checks li')[0]).toMatch(/in all 10 themes/);
    expect(texts(doc, '#limits li')).toEqual(en.accessibility.limits.points);
    expect(doc.querySelector('#standard')!.textContent).toMatch(/WCAG\) 2\.1 at level AA/);
  });

  it('tells how to report a barrier: the services mailbox and the about page contacts', async () => {
    const links = [...(await page('en-US')).querySelectorAll('#report a')].map((a) => a.getAttribute('href'));
    expect(links).toEqual([`mailto:${SITE_LINKS.servicesMail}`, '/about#contact']);
  });

  it('is translated, not the English fallback', async () => {
    const doc = await page('de-DE');
    expect(texts(doc, 'h1')).toEqual([de.accessibility.title]);
    expect(de.accessibility.title).not.toBe(en.accessibility.title);
    expect(texts(doc, 'section > h2')).toEqual([de.accessibility.supports.title, de.accessibility.checks.title, de.accessibility.limits.title, de.accessibility.standard.title, de.accessibility.report.title]);
  });
});
