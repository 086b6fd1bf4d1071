// @vitest-environment jsdom
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '@locales/en-US.json';
import { AchievementStrip } from './AchievementStrip';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', fallbackLng: 'en-US', resources: { 'en-US': { translation: en } }, interpolation: { escapeValue: false } });
});

function strip(owned: Record<string, number> | undefined, max: number) {
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <AchievementStrip owned={owned} max={max} />
    </I18nextProvider>,
  );
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return { items: [...doc.querySelectorAll('li')].map((li) => li.textContent), imgs: [...doc.querySelectorAll('img')].map((i) => i.getAttribute('src')) };
}

const SIX = { report_l1: 1, report_l2: 2, old_user: 3, open_chat_l2: 4, trend_monthly_l1: 5, app_use_mobile: 6 };

describe('AchievementStrip', () => {
  it('shows 3 badges, rarest first, then "+N"', () => {
    const { items, imgs } = strip(SIX, 3);
    expect(items).toEqual(['On the go', 'Veteran', 'In the spotlight', '+3']);
    expect(imgs).toEqual(['/achievements/app_use_mobile.svg', '/achievements/old_user.svg', '/achievements/trend_monthly.svg']);
  });

  it('shows up to 8 on the card, with no "+N" when all fit', () => {
    expect(strip(SIX, 8).items).toHaveLength(6);
  });

  it('leaves out the ones not meant for cards, and renders nothing without any', () => {
    expect(strip({ one_search_player: 1 }, 3).items).toEqual([]);
    expect(strip(undefined, 3).items).toEqual([]);
  });
});
