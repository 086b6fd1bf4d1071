// @vitest-environment jsdom
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import en from '@locales/en-US.json';
import de from '@locales/de-DE.json';
import { formatDateTime } from '@client/i18n/format';
import { RecordDetail } from './RecordDetail';

async function rendered(language: string, detail: Record<string, unknown>) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ lng: language, fallbackLng: 'en-US', resources: { 'en-US': { translation: en }, 'de-DE': { translation: de } }, interpolation: { escapeValue: false } });
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <RecordDetail detail={detail} />
    </I18nextProvider>,
  );
  return new DOMParser().parseFromString(html, 'text/html');
}

describe("a staff log record's detail", () => {
  it.each(['en-US', 'de-DE'])('shows a mute’s end in the reader’s language (%s) and zone, never as the raw ISO string', async (language) => {
    const end = '2026-12-07T18:30:00.000Z';
    const doc = await rendered(language, { value: 3, mutedUntil: end, reason: 'spam' });
    const text = doc.body.textContent!;
    expect(text).not.toContain(end);
    expect(text).toContain(`mutedUntil: ${formatDateTime(end, language)}`);
    expect(text).toContain('value: 3');
    expect(text).toContain('reason: spam');
    expect(doc.querySelector('time')?.getAttribute('datetime')).toBe(end);
  });

  it('leaves text that only looks like a date alone', async () => {
    const doc = await rendered('en-US', { note: '2026-12-07 was a Monday', code: '2026-13-45T99:99Z' });
    expect(doc.body.textContent).toBe('note: 2026-12-07 was a Monday · code: 2026-13-45T99:99Z');
  });
});
