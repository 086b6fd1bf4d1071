import { createContext, useContext, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './Menu.module.css';

const CloseMenu = createContext<() => void>(() => undefined);

interface MenuProps {
  /** The trigger's content; the trigger is a button with the menu-button ARIA wiring. */
  trigger: ReactNode;
  triggerLabel: string;
  triggerClassName?: string;
  /** Shown above the items, not focusable (e.g. who is signed in). */
  header?: ReactNode;
  children: ReactNode;
}

const itemsOf = (popup: HTMLElement | null) => [...(popup?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

/**
 * A menu button: opens on click, Enter, Space or arrow keys; arrow keys, Home and End move
 * between items; Escape or Tab closes and returns focus to the trigger.
 */
export function Menu({ trigger, triggerLabel, triggerClassName, header, children }: MenuProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const popupRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const popupId = useId();
  const focusOnOpen = useRef<'first' | 'last' | null>(null);

  const close = (returnFocus = true) => {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const items = itemsOf(popupRef.current);
    if (focusOnOpen.current) (focusOnOpen.current === 'first' ? items[0] : items.at(-1))?.focus();
    const onPointerDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const openWith = (focus: 'first' | 'last' | null) => {
    focusOnOpen.current = focus;
    setOpen(true);
  };

  const onTriggerKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'Enter' || e.key === ' ') openWith('first');
    else if (e.key === 'ArrowUp') openWith('last');
    else return;
    e.preventDefault();
  };

  const onPopupKeyDown = (e: KeyboardEvent) => {
    const items = itemsOf(popupRef.current);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const go = (i: number) => items[(i + items.length) % items.length]?.focus();
    if (e.key === 'ArrowDown') go(index + 1);
    else if (e.key === 'ArrowUp') go(index - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(items.length - 1);
    else if (e.key === 'Escape') close();
    else if (e.key === 'Tab') return close(false);
    else return;
    e.preventDefault();
  };

  return (
    <div className={styles.menu} ref={rootRef}>
      <button
        ref={triggerRef}
        type="button"
        className={triggerClassName}
        aria-label={triggerLabel}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? popupId : undefined}
        onClick={() => (open ? close(false) : openWith(null))}
        onKeyDown={onTriggerKeyDown}
      >
        {trigger}
      </button>
      {open && (
        <div className={styles.popup} ref={popupRef} onKeyDown={onPopupKeyDown}>
          {header && <div className={styles.header}>{header}</div>}
          <div role="menu" id={popupId} aria-label={triggerLabel}>
            <CloseMenu.Provider value={() => close()}>{children}</CloseMenu.Provider>
          </div>
        </div>
      )}
    </div>
  );
}

interface MenuItemProps {
  /** A route to open, or an action to run. */
  to?: string;
  onSelect?: () => void;
  danger?: boolean;
  children: ReactNode;
}

export function MenuItem({ to, onSelect, danger, children }: MenuItemProps) {
  const close = useContext(CloseMenu);
  const className = [styles.item, danger && styles.danger].filter(Boolean).join(' ');
  const select = () => {
    close();
    onSelect?.();
  };
  return to ? (
    <Link role="menuitem" tabIndex={-1} className={className} to={to} onClick={select}>
      {children}
    </Link>
  ) : (
    <button role="menuitem" tabIndex={-1} type="button" className={className} onClick={select}>
      {children}
    </button>
  );
}

export const MenuSeparator = () => <div role="separator" className={styles.separator} />;
