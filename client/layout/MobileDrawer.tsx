import { useTranslation } from 'react-i18next';
import { buttonClass } from '@client/components/Button';
import { Icon } from '@client/components/Icon';
import { onDemand, useOnDemand } from '@client/components/onDemand';
import type { DrawerProps } from './DrawerSheet';

const sheet = onDemand(() => import('./DrawerSheet'));

/**
 * The menu of narrow screens (Radix's dialog as a side sheet, ./DrawerSheet.tsx). Until its library
 * has arrived the menu button is drawn the same way; pressing it fetches the library and opens the sheet.
 */
export function MobileDrawer(props: DrawerProps) {
  const { t } = useTranslation();
  const { module, startWith, approach } = useOnDemand(sheet);
  if (module) return <module.DrawerSheet {...props} startOpen={startWith.has('press')} />;
  return (
    <button
      type="button"
      className={buttonClass({ variant: 'ghost', iconOnly: true }, props.className)}
      aria-label={t('nav.openMenu')}
      aria-haspopup="dialog"
      aria-expanded={false}
      onPointerEnter={() => void sheet.load()}
      onFocus={() => void sheet.load()}
      onClick={() => approach('press')}
    >
      <Icon name="menu" size={20} />
    </button>
  );
}
