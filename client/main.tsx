import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import './styles/tokens.css';
import './styles/themes.css';
import './styles/base.css';
import { configureApi } from './api/client';
import { signinPath } from './app/guards';
import { rememberCaptchaChoice } from './app/captchaChoice';
import { FirstReadsContext, firstReadsInPage, forgetOnLeaving } from './app/firstReads';
import { preloadRoute } from './app/lazyPage';
import { toast } from './components/toast';
import { initialLanguage } from './i18n/language';
import { i18n, setupI18n } from './i18n/setup';
import { startOpenCases } from './realtime/openCasesRealtime';
import { startSessionRealtime } from './realtime/sessionRealtime';
import { createRouter, needsAccount, routes } from './routes';
import { startVoice } from './sound/startVoice';
import { preferences, watchPreferences } from './state/preferences';
import { endSession, refreshMe, session, syncWithStore } from './state/session';

/** How long the first paint may wait for the first page's own reads once its code is in (client/app/lazyPage.ts). */
const FIRST_READ_WAIT_MS = 400;

async function start() {
  const router = createRouter();

  /** While the stored login is first checked (/user/me and the realtime handshake, as the page loads). */
  let checkingStoredLogin = false;
  /**
   * The server ended the session (a `user.token*` code): forget it here and ask to sign in again. On a
   * protected page its guard redirects to the same address at the same time. A login found ended as
   * the page loads leaves a public page where it is, with the same notice the sign-in page gives.
   */
  const expireSession = (reason: string) => {
    endSession(reason);
    const { pathname, search, hash } = router.state.location;
    if (pathname === '/signin') return;
    const backurl = pathname + search + hash;
    if (checkingStoredLogin && !needsAccount(pathname)) return toast.info(i18n.t(`signin.reason.${reason}`), { label: i18n.t('signin.requiredLink'), to: signinPath({ backurl }) });
    void router.navigate(signinPath({ reason, backurl }), { replace: true });
  };
  // Before any read: a page's first reads start before the first render.
  configureApi({ token: () => session.token, onSessionEnd: expireSession });

  // The first page's chunk (named by the page the server sent, for the first screens) loads while
  // the strings do, and is in before the first render: no spinner first (client/app/lazyPage.ts).
  // The page's first reads start as soon as it is in.
  const query = new URLSearchParams(location.search);
  const language = initialLanguage(query.get('lang'), preferences.language, navigator.languages);
  const firstPage = preloadRoute(routes, location.pathname, language, FIRST_READ_WAIT_MS);
  watchPreferences();
  rememberCaptchaChoice(query.get('captcha'));
  await setupI18n(language);
  syncWithStore();
  checkingStoredLogin = !!session.token;
  startSessionRealtime(() => expireSession('user.tokenExpired'));
  startOpenCases((to) => void router.navigate(to));
  startVoice();
  if (session.token) void refreshMe().catch(() => undefined).finally(() => (checkingStoredLogin = false));

  await firstPage;
  // The root may hold the screen as the server drew it (server/modules/pages/first-paint.ts). It is
  // not hydrated: it was drawn for a reader not yet known, before any read, so this render differs
  // from it by design. React replaces it when it commits this first render.
  // What the server read to draw it comes with it: this render shows the same (client/app/firstReads.ts).
  const firstReads = firstReadsInPage();
  forgetOnLeaving(firstReads, router);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <FirstReadsContext value={firstReads}>
        <RouterProvider router={router} />
      </FirstReadsContext>
    </StrictMode>,
  );
}

void start();
