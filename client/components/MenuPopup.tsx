import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { MenuParts, type MenuItemProps } from './menuParts';
import styles from './Menu.module.css';

export interface MenuPopupProps {
  trigger: ReactNode;
  triggerLabel: string;
  triggerClassName?: string;
  header?: ReactNode;
  children: ReactNode;
  /** How the placeholder trigger opened the menu before this module arrived. */
  startWith?: 'pointer' | 'keyboard';
}

function Item({ to, onSelect, danger, children }: MenuItemProps) {
  const className = [styles.item, danger && styles.danger].filter(Boolean).join(' ');
  return (
    <DropdownMenu.Item className={className} onSelect={onSelect} asChild={Boolean(to)}>
      {to ? <Link to={to}>{children}</Link> : children}
    </DropdownMenu.Item>
  );
}

const Separator = () => <DropdownMenu.Separator className={styles.separator} />;
const parts = { Item, Separator };

/**
 * The menu button of Radix's dropdown menu: typeahead, arrow keys, Home and End, Escape returning
 * focus to the trigger, Tab closing the menu and moving on from the trigger, placement that stays
 * inside the viewport.
 */
export function MenuPopup({ trigger, triggerLabel, triggerClassName, header, children, startWith }: MenuPopupProps) {
  const [open, setOpen] = useState(Boolean(startWith));
  const triggerRef = useRef<HTMLButtonElement>(null);
  // Radix cancels Tab inside a menu. The menu button pattern of WAI-ARIA APG closes the menu and
  // moves on: the key is kept from Radix, focus goes back to the trigger, and the browser's own Tab
  // then moves from there (Shift+Tab backwards).
  const tabOut = (e: KeyboardEvent) => {
    if (e.key !== 'Tab' || e.altKey || e.ctrlKey || e.metaKey) return;
    e.stopPropagation();
    triggerRef.current?.focus();
    setOpen(false);
  };

  // A keyboard opening that happened before this module arrived starts on the first item, as later ones do
  // (after the focus Radix gives the menu as it mounts).
  const firstItemOnce = useRef(startWith === 'keyboard');
  const contentRef = (node: HTMLDivElement | null) => {
    if (!node || !firstItemOnce.current) return;
    firstItemOnce.current = false;
    setTimeout(() => node.querySelector<HTMLElement>('[role="menuitem"]')?.focus());
  };

  return (
    <DropdownMenu.Root open={open} onOpenChange={setOpen} modal={false}>
      <DropdownMenu.Trigger ref={triggerRef} className={triggerClassName} aria-label={triggerLabel}>
        {trigger}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          ref={contentRef}
          onKeyDownCapture={tabOut}
          className={styles.popup}
          align="end"
          sideOffset={4}
          collisionPadding={8}
          aria-label={triggerLabel}
        >
          {header && <DropdownMenu.Label className={styles.header}>{header}</DropdownMenu.Label>}
          <MenuParts.Provider value={parts}>{children}</MenuParts.Provider>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
