// @vitest-environment jsdom
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '@locales/en-US.json';
import zh from '@locales/zh-CN.json';
import type { TimelineEntry } from '@shared/types/cases';
import { TimelineEntryView } from './TimelineEntryView';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', fallbackLng: 'en-US', resources: { 'en-US': { translation: en }, 'zh-CN': { translation: zh } }, interpolation: { escapeValue: false } });
});

const base = { toPlayerId: 1, toOriginUserId: '1', toOriginPersonaId: '2', toOriginName: 'Cheater', privilege: ['admin'], byUserAvatar: null, createTime: '2025-01-01T00:00:00.000Z' };
const can = { reply: false, mine: () => false, hide: () => false };

async function text(entry: TimelineEntry, lng = 'en-US') {
  await i18n.changeLanguage(lng);
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <TimelineEntryView entry={entry} highlighted={false} can={can} onReply={() => undefined} onShare={() => undefined} onVisibility={() => undefined} />
      </MemoryRouter>
    </I18nextProvider>,
  );
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}

describe('TimelineEntryView', () => {
  it('shows a vote with its action, methods and threat level', async () => {
    const vote = { ...base, id: 3, type: 'judgement', byUserId: 7, username: 'judge', judgeAction: 'guilt', cheatMethods: ['aimbot', 'wallhack'], hackerLevel: 4, content: { text: '<p>Snaps to heads.</p>' } } as TimelineEntry;
    const shown = await text(vote);
    for (const part of ['judge', 'Cheater (vote)', 'Aimbot', 'Wallhack', 'Threat level Lv4', 'Snaps to heads.']) expect(shown).toContain(part);
  });

  it('says when a verdict ended an appeal, and how', async () => {
    const failing = { ...base, id: 9, type: 'judgement', byUserId: 7, username: 'judge', judgeAction: 'guilt', appealOutcome: 'fail', content: { text: '<p>The recording is cut.</p>' } } as TimelineEntry;
    expect(await text(failing)).toContain(en.timeline.appealOutcome.fail);
    const accepting = { ...failing, id: 10, judgeAction: 'farm', appealOutcome: 'accept' } as TimelineEntry;
    expect(await text(accepting, 'zh-CN')).toContain(zh.timeline.appealOutcome.accept);
    expect(await text({ ...failing, id: 11, appealOutcome: undefined })).not.toContain(en.timeline.appealOutcome.fail);
  });

  it('explains the automatic confirmation after 7 days in the reader’s language, not in its stored English', async () => {
    const auto = { ...base, id: 4, type: 'judgement', byUserId: null, username: null, privilege: [], judgeAction: 'kill', auto: 'suspectDeadline', content: { text: '<p>STORED ENGLISH TEXT</p>' } } as TimelineEntry;
    const english = await text(auto);
    expect(english).toContain(en.judgement.auto.suspectDeadline);
    expect(english).not.toContain('STORED ENGLISH TEXT');
    expect(await text(auto, 'zh-CN')).toContain(zh.judgement.auto.suspectDeadline);
  });

  it('falls back to the stored text for a reason it does not know', async () => {
    const auto = { ...base, id: 5, type: 'judgement', byUserId: null, username: null, privilege: [], auto: 'somethingNew', content: { text: '<p>Stored reason.</p>' } } as TimelineEntry;
    expect(await text(auto)).toContain('Stored reason.');
  });

  it('shows an appeal’s type and state, and asks visitors to sign in for its attachments', async () => {
    const appeal = {
      ...base,
      id: 6,
      type: 'banAppeal',
      byUserId: 8,
      username: 'owner',
      privilege: ['normal'],
      appealStatus: 'lock',
      viewedAdmins: [],
      content: { text: '<p>Please look at my log.</p>', appealType: 'moss', showAttachment: false, extendedLinks: { videoLink: 'https://v.example/1' } },
    } as TimelineEntry;
    const shown = await text(appeal);
    for (const part of ['MOSS self-certification', 'Locked', 'First-person recording', en.appeal.signInForAttachments]) expect(shown).toContain(part);
    expect(shown).not.toContain(en.appeal.download);
  });
});
