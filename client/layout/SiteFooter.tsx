import type { MenuEntry } from '@client/app/menu';
import { useLocalFlags } from '@client/state/localFlags';
import { Footer } from './Footer';

/** The footer app bar, unless the `footerBar` local flag hides it. */
export function SiteFooter({ menu }: { menu: readonly MenuEntry[] }) {
  const { footerBar } = useLocalFlags();
  return footerBar ? <Footer menu={menu} /> : null;
}
