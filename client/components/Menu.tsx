import { useContext, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { MenuPopupProps } from './MenuPopup';
import { MenuParts, type MenuItemProps } from './menuParts';

interface MenuProps {
  /** The trigger's content; the trigger is a button with the menu-button ARIA wiring. */
  trigger: ReactNode;
  /** The trigger's accessible name; it must contain the trigger's visible text. */
  triggerLabel: string;
  triggerClassName?: string;
  /** Shown above the items, not focusable (e.g. who is signed in); it sits inside the menu, so no lists or other roles. */
  header?: ReactNode;
  children: ReactNode;
}

type MenuModule = typeof import('./MenuPopup');
let loaded: MenuModule | undefined;
let loading: Promise<MenuModule> | undefined;
/** The menu library stays out of the first visit's JavaScript: it is fetched when a trigger is approached. */
const loadMenu = () => (loading ??= import('./MenuPopup').then((m) => (loaded = m)));

const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

/**
 * A menu button (Radix's dropdown menu, client/components/MenuPopup.tsx). Until the library has
 * arrived the trigger is a button that looks the same; using it fetches the library and opens the menu.
 */
export function Menu(props: MenuProps) {
  const [module, setModule] = useState(loaded);
  const [startWith, setStartWith] = useState<MenuPopupProps['startWith']>();
  const placeholder = useRef<HTMLButtonElement>(null);
  const wanted = useRef<MenuPopupProps['startWith']>(undefined);

  if (module) return <module.MenuPopup {...props} startWith={startWith} />;

  const want = (how: NonNullable<MenuPopupProps['startWith']>) => {
    wanted.current ??= how;
    void loadMenu().then((m) => {
      if (!placeholder.current) return;
      setStartWith(wanted.current);
      setModule(m);
    });
  };
  return (
    <button
      ref={placeholder}
      type="button"
      className={props.triggerClassName}
      aria-label={props.triggerLabel}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
      // On click, not on press as Radix's trigger: the press's own focus change would close a menu opened under it.
      onClick={() => want('pointer')}
      onKeyDown={(e: KeyboardEvent) => {
        if (!OPEN_KEYS.has(e.key)) return;
        e.preventDefault();
        want('keyboard');
      }}
    >
      {props.trigger}
    </button>
  );
}

export function MenuItem(props: MenuItemProps) {
  const parts = useContext(MenuParts);
  return parts && <parts.Item {...props} />;
}

export function MenuSeparator() {
  const parts = useContext(MenuParts);
  return parts && <parts.Separator />;
}
