import * as RadixTabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isRtl } from '@client/i18n/language';
import styles from './Tabs.module.css';

/** The tab list as Tabs (client/components/Tabs.tsx) draws it, before and after this library arrives. */
export interface TabListProps {
  items: ReadonlyArray<{ id: string; label: ReactNode }>;
  selected: string;
  onChange: (id: string) => void;
  label: string;
  idOf: { tab: (id: string) => string; panel: string };
}

/**
 * Radix's tab list: arrow keys (mirrored in right-to-left languages), Home and End move between tabs
 * and select them. The panel stays with client/components/Tabs.tsx, so its content is not drawn
 * again when this arrives.
 */
export default function TabList({ items, selected, onChange, label, idOf }: TabListProps) {
  const { i18n } = useTranslation();
  return (
    <RadixTabs.Root value={selected} onValueChange={onChange} dir={isRtl(i18n.language) ? 'rtl' : 'ltr'}>
      <RadixTabs.List className={styles.list} aria-label={label}>
        {items.map((item) => (
          <RadixTabs.Trigger key={item.id} value={item.id} data-tab={item.id} id={idOf.tab(item.id)} aria-controls={idOf.panel} className={styles.tab}>
            {item.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
    </RadixTabs.Root>
  );
}
