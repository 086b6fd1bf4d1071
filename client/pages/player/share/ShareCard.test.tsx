// @vitest-environment jsdom
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '@locales/en-US.json';
import type { CaseRecord } from '@shared/types/cases';
import { ShareCard } from './ShareCard';

const locales = import.meta.glob<{ default: Record<string, Record<string, unknown>> }>('../../../../locales/*.json', { eager: true });
const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', fallbackLng: 'en-US', resources: { 'en-US': { translation: en } }, interpolation: { escapeValue: false } });
});

const record = (status: number) =>
  ({ id: 30, originName: 'FlagCapFrank', originUserId: '1', originPersonaId: '2', avatarLink: null, status, games: ['bf1'], cheatMethods: [], viewNum: 1, commentsNum: 2, createTime: '2025-01-01T00:00:00.000Z', updateTime: '2025-01-02T00:00:00.000Z' }) as unknown as CaseRecord;

/** The status badge of the share card: its text and its class. */
function badge(status: number) {
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <ShareCard record={record(status)} />
    </I18nextProvider>,
  );
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const el = [...doc.querySelectorAll('span')].find((s) => s.textContent === i18n.t(`caseStatus.${['unprocessed', 'confirmed', 'suspect', 'selfCertified', 'invalid', 'discussing', 'needsVotes', 'moreEvidence', 'farming', 'appealing'][status]}`))!;
  return { text: el.textContent, className: el.className };
}

describe('status 7 (needs more evidence)', () => {
  it('is named for what it is and wears the neutral colour, not the confirmed red', () => {
    const more = badge(7);
    expect(more.text).toBe('Needs more evidence');
    expect(more.className).toBe(badge(0).className);
    expect(more.className).not.toBe(badge(1).className);
    expect(en.judgement.actions.more).toMatch(/evidence/i);
  });

  it('says nothing of confirmation in any language, and is translated in each', () => {
    const entries = Object.entries(locales);
    expect(entries).toHaveLength(13);
    for (const [file, { default: l }] of entries) {
      const status = (l.caseStatus as Record<string, string>).moreEvidence!;
      const action = ((l.judgement as Record<string, Record<string, string>>).actions!).more!;
      const confirmed = (l.caseStatus as Record<string, string>).confirmed!;
      for (const text of [status, action]) {
        expect(text, file).not.toMatch(/auto|abnormal|confirm|bestätigt|confirmado|confermato|подтвержд|onaylandı|確定|확정|实锤|確認|مؤكَّد/i);
        expect(text.includes(confirmed), file).toBe(false);
      }
      if (!file.includes('en-US')) expect(status, file).not.toBe(en.caseStatus.moreEvidence);
    }
  });
});
