import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '@client/components/Button';
import { Icon } from '@client/components/Icon';
import { LogoMark } from '@client/components/Logo';
import { DrawerNav } from './DrawerNav';
import type { MenuEntry } from './menu';
import styles from './MobileDrawer.module.css';

export interface DrawerProps {
  className: string;
  mainEntries: readonly MenuEntry[];
  userEntries: readonly MenuEntry[];
  signinLink: string;
}

/**
 * Radix's modal dialog as a side sheet: focus moves in and stays there, the rest of the page is
 * hidden from screen readers and does not scroll, Escape or a tap beside it closes it and focus goes
 * back to the menu button.
 */
export function DrawerSheet({ className, startOpen, ...entries }: DrawerProps & { startOpen: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(startOpen);
  const iconButton = buttonClass({ variant: 'ghost', iconOnly: true });
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className={`${iconButton} ${className}`} aria-label={t('nav.openMenu')}>
        <Icon name="menu" size={20} />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.sheet}
          aria-describedby={undefined}
          // A link chosen inside closes the sheet.
          onClick={(e) => (e.target as HTMLElement).closest('a') && setOpen(false)}
        >
          <Dialog.Title className="visually-hidden">{t('nav.menu')}</Dialog.Title>
          <div className={styles.top}>
            <LogoMark />
            <Dialog.Close className={iconButton} aria-label={t('common.close')}>
              <Icon name="close" size={20} />
            </Dialog.Close>
          </div>
          <DrawerNav {...entries} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
