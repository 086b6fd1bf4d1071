import { Suspense, useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { pickLanguage } from '@shared/languages';
import { usePageMeta } from '@client/app/usePageMeta';
import { PageSpinner } from '@client/components/Spinner';
import { LiveAnnouncer } from '@client/components/LiveAnnouncer';
import { Toaster } from '@client/components/Toaster';
import { switchLanguage } from '@client/i18n/setup';
import { refreshMe, syncWithStore } from '@client/state/session';
import { watchOtherTabs } from '@client/state/sessionStore';
import type { MenuEntry } from './menu';
import { SiteFooter } from './SiteFooter';
import { Header } from './Header';
import { RouteAnnouncer } from './RouteAnnouncer';
import { UnboundBanner } from './UnboundBanner';
import styles from './Layout.module.css';

/** A sign-in or sign-out in another tab shows here too: at once, and again on every navigation. */
function useSessionFollowsOtherTabs() {
  const { pathname } = useLocation();
  const sync = () => {
    if (syncWithStore()) void refreshMe().catch(() => undefined);
  };
  useEffect(() => watchOtherTabs(sync), []);
  useEffect(sync, [pathname]);
}

/** `?lang=` switches the language for this visit without changing the saved choice. */
function useLanguageQuery(lang: string | null) {
  const { i18n } = useTranslation();
  useEffect(() => {
    if (lang && pickLanguage(lang) !== i18n.language) void switchLanguage(pickLanguage(lang));
  }, [lang, i18n]);
}

/** The page frame: header, banner, content and footer (its app banner shown while the `footerBar` flag is on); `?full=1` shows the content alone. */
export function Layout({ menu }: { menu: readonly MenuEntry[] }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const full = params.get('full') === '1';
  const main = useRef<HTMLElement>(null);
  usePageMeta();
  useSessionFollowsOtherTabs();
  useLanguageQuery(params.get('lang'));

  return (
    <div className={styles.shell}>
      <a href="#main" className={styles.skip}>
        {t('nav.skipToContent')}
      </a>
      {!full && <Header menu={menu} />}
      {!full && <UnboundBanner />}
      <RouteAnnouncer main={main} />
      <main ref={main} id="main" className={styles.main} tabIndex={-1}>
        <Suspense fallback={<PageSpinner label={t('common.loading')} />}>
          <Outlet />
        </Suspense>
      </main>
      {!full && <SiteFooter menu={menu} />}
      <Toaster />
      <LiveAnnouncer />
      <ScrollRestoration />
    </div>
  );
}
