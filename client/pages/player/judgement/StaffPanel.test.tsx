// @vitest-environment jsdom
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '@locales/en-US.json';
import zh from '@locales/zh-CN.json';
import type { CaseViewer } from '@shared/socket';
import type { VoteTally } from '@shared/types/cases';
import { StaffPanel } from './StaffPanel';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en-US',
    fallbackLng: 'en-US',
    resources: { 'en-US': { translation: en }, 'zh-CN': { translation: zh } },
    interpolation: { escapeValue: false },
  });
});

const ME = 1;
const viewers: CaseViewer[] = [
  { id: ME, username: 'me-admin', privileges: ['admin'] },
  { id: 2, username: 'other-super', privileges: ['super'] },
];
const tally = (ids: number[], status = 6): VoteTally => ({ playerId: 9, status, needed: 2, voters: ids.map((id) => ({ id, username: `admin${id}` })) });

async function render(props: Partial<Parameters<typeof StaffPanel>[0]>, lng = 'en-US') {
  await i18n.changeLanguage(lng);
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <StaffPanel viewers={viewers} myId={ME} tally={null} status={0} {...props} />
    </I18nextProvider>,
  );
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}

describe('StaffPanel', () => {
  it('lists the other staff on the page, not the viewer', async () => {
    const text = await render({});
    expect(text).toContain('other-super');
    expect(text).not.toContain('me-admin');
  });

  it('says when nobody else is there, and when presence is not known yet', async () => {
    expect(await render({ viewers: [viewers[0]!] })).toContain('No other staff member is on this page.');
    expect(await render({ viewers: null })).toContain('Connecting…');
  });

  it('shows the running tally while the case waits for votes', async () => {
    const text = await render({ status: 6, tally: tally([2]) });
    expect(text).toContain('1 of 2 votes to confirm');
    expect(text).toContain('Voted: admin2');
    expect(await render({ status: 6, tally: null })).toContain('0 of 2 votes to confirm');
  });

  it('leaves saying the count to the live announcer: a tally drawn before its votes are read would say “0 of 2”', async () => {
    await i18n.changeLanguage('en-US');
    const html = renderToStaticMarkup(
      <I18nextProvider i18n={i18n}>
        <StaffPanel viewers={viewers} myId={ME} tally={null} status={6} />
      </I18nextProvider>,
    );
    const tallyText = [...new DOMParser().parseFromString(html, 'text/html').querySelectorAll('p')].find((p) => p.textContent === '0 of 2 votes to confirm');
    expect(tallyText?.closest('[role="status"], [role="alert"], [aria-live]')).toBeNull();
  });

  it('shows no tally in other statuses', async () => {
    expect(await render({ status: 1, tally: tally([2, 3], 1) })).not.toContain('votes to confirm');
  });

  it('speaks the reader’s language', async () => {
    expect(await render({ status: 6, tally: tally([2]) }, 'zh-CN')).toContain('确认票数 1 / 2');
  });
});
