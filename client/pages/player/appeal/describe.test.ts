import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '@locales/en-US.json';
import zh from '@locales/zh-CN.json';
import { isErrorCode } from '@shared/errors';
import { ApiError } from '@client/api/ApiError';
import { describeCaseError } from './describe';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({ lng: 'en-US', fallbackLng: 'en-US', resources: { 'en-US': { translation: en }, 'zh-CN': { translation: zh } }, interpolation: { escapeValue: false } });
});

/** Every failure the judgement, vote, appeal, review and upload calls can answer with (their routes' `errors`). */
const CODES = [
  'judgement.bad',
  'judgement.spam',
  'judgement.notFound',
  'judgement.permissionDenied',
  'judgement.appealLock',
  'votes.notFound',
  'banAppeal.bad',
  'banAppeal.notFound',
  'banAppeal.noNeed',
  'banAppeal.locked',
  'banAppeal.timeLimit',
  'viewBanAppeal.bad',
  'setAppeal.bad',
  'setAppeal.notFound',
  'user.permissionDenied',
  'user.needBindEaAccount',
  'upload.bad',
  'upload.unsupport',
  'upload.tooLarge',
  'file.notFound',
  'file.bad',
];

describe('describeCaseError', () => {
  it('knows only codes the server has', () => {
    expect(CODES.filter((code) => !isErrorCode(code))).toEqual([]);
  });

  it('translates every code of these screens in en-US and zh-CN', async () => {
    for (const lng of ['en-US', 'zh-CN']) {
      await i18n.changeLanguage(lng);
      const generic = i18n.t('codes.generic', { code: 'x', message: 'x' }).slice(0, 6);
      for (const code of CODES) {
        const text = describeCaseError(i18n, new ApiError(code, 'detail', 400));
        expect(text, `${lng} ${code}`).not.toContain(code);
        expect(text.startsWith(generic), `${lng} ${code}`).toBe(false);
      }
    }
  });

  it('says what a refused archive is, and why an appeal waits', async () => {
    await i18n.changeLanguage('en-US');
    expect(describeCaseError(i18n, new ApiError('upload.bad', 'not a valid zip archive', 400))).toBe('Not a valid zip archive.');
    expect(describeCaseError(i18n, new ApiError('banAppeal.timeLimit', 'one appeal per 24 hours', 429))).toMatch(/24 hours/);
    expect(describeCaseError(i18n, new ApiError('judgement.bad', 'write at least 5 characters', 400))).toBe('The verdict was not accepted: write at least 5 characters');
  });

  it('falls back to the app catalogue for other codes', async () => {
    await i18n.changeLanguage('en-US');
    expect(describeCaseError(i18n, new ApiError('network.error', 'offline', 0))).toBe(en.codes.network.error);
    expect(describeCaseError(i18n, new Error('boom'))).toBe(en.codes.unexpected);
  });
});
