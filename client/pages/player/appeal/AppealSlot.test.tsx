// @vitest-environment jsdom
import i18next from 'i18next';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import en from '@locales/en-US.json';
import type { CaseRecord } from '@shared/types/cases';
import { DEFAULT_FLAGS, localFlags } from '@client/state/localFlags';
import { session } from '@client/state/session';
import { AppealSlot } from './AppealSlot';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { translation: en } }, interpolation: { escapeValue: false } });
});

const record: CaseRecord = {
  id: 5,
  originName: 'Wallbanger',
  originUserId: '100',
  originPersonaId: '200',
  avatarLink: null,
  games: ['bf1'],
  cheatMethods: ['wallhack'],
  status: 1,
  hackerLevel: null,
  appealStatus: null,
  viewNum: 0,
  commentsNum: 0,
  createTime: '2026-01-01T00:00:00Z',
  updateTime: '2026-01-01T00:00:00Z',
};

let host: HTMLDivElement;
let root: Root;
beforeEach(() => {
  Object.assign(localFlags, DEFAULT_FLAGS);
  // A super admin may open the appeal form of any confirmed case.
  session.token = 'token';
  session.userinfo = { userId: 1, username: 'sup', userAvatar: '', privilege: ['super'], signWhen: Date.now(), visitType: 'web', expiresIn: 1 };
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  session.token = null;
  session.userinfo = null;
});

async function render() {
  await act(async () => {
    root.render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <div data-column="main">
            <AppealSlot record={record} column="main" />
          </div>
          <div data-column="aside">
            <AppealSlot record={record} column="aside" />
          </div>
        </MemoryRouter>
      </I18nextProvider>,
    );
  });
}

const columnOfPanel = () => host.querySelector('#appeal')?.closest('[data-column]')?.getAttribute('data-column');

describe('the appeal panel flag', () => {
  it('keeps the panel in the side column by default and moves it to the main column when on', async () => {
    await render();
    expect(host.querySelectorAll('#appeal')).toHaveLength(1);
    expect(columnOfPanel()).toBe('aside');
    await act(async () => {
      localFlags.detailLeftAppealPanel = true;
    });
    expect(host.querySelectorAll('#appeal')).toHaveLength(1);
    expect(columnOfPanel()).toBe('main');
  });
});
