import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useRef, type ReactNode } from 'react';
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
 * focus to the trigger, placement that stays inside the viewport.
 */
export function MenuPopup({ trigger, triggerLabel, triggerClassName, header, children, startWith }: MenuPopupProps) {
  // A keyboard opening that happened before this module arrived starts on the first item, as later ones do
  // (after the focus Radix gives the menu as it mounts).
  const firstItemOnce = useRef(startWith === 'keyboard');
  const contentRef = (node: HTMLDivElement | null) => {
    if (!node || !firstItemOnce.current) return;
    firstItemOnce.current = false;
    setTimeout(() => node.querySelector<HTMLElement>('[role="menuitem"]')?.focus());
  };

  return (
    <DropdownMenu.Root defaultOpen={Boolean(startWith)} modal={false}>
      <DropdownMenu.Trigger className={triggerClassName} aria-label={triggerLabel}>
        {trigger}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          ref={contentRef}
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
