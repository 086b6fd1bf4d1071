import { setLocalFlag, useLocalFlags } from '@client/state/localFlags';
import type { MenuEntry } from './menu';
import { AppBanner } from './AppBanner';
import { Footer } from './Footer';

/** The footer, with the companion app banner while the `footerBar` local flag is on (closing the banner turns it off). */
export function SiteFooter({ menu }: { menu: readonly MenuEntry[] }) {
  const { footerBar } = useLocalFlags();
  return <Footer menu={menu} banner={footerBar ? <AppBanner onDismiss={() => setLocalFlag('footerBar', false)} /> : null} />;
}
