import { createContext, type ComponentType, type ReactNode } from 'react';

export interface MenuItemProps {
  /** A route to open, or an action to run. */
  to?: string;
  onSelect?: () => void;
  danger?: boolean;
  children: ReactNode;
}

/** The item and separator of the menu library, given by the open menu to what it holds (client/components/MenuPopup.tsx). */
export const MenuParts = createContext<{ Item: ComponentType<MenuItemProps>; Separator: ComponentType } | null>(null);
