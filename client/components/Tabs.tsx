import { lazy, Suspense, useId, type ReactNode } from 'react';
import type { TabListProps } from './TabList';
import styles from './Tabs.module.css';

export interface TabItem<K extends string> {
  id: K;
  label: ReactNode;
  content: ReactNode;
}

interface TabsProps<K extends string> {
  items: ReadonlyArray<TabItem<K>>;
  value: K;
  onChange: (id: K) => void;
  label: string;
}

// Radix's tab list (client/components/TabList.tsx) arrives just after the first screen is drawn,
// so the search and statistics pages do not add it to the JavaScript every first visit downloads.
const TabList = lazy(() => import('./TabList'));

/** Tabs: only the selected panel is rendered. Until the tab list's library arrives, its tabs take clicks only. */
export function Tabs<K extends string>({ items, value, onChange, label }: TabsProps<K>) {
  const base = useId();
  const selected = items.find((i) => i.id === value) ?? items[0]!;
  const list: TabListProps = {
    items,
    selected: selected.id,
    onChange: (id) => onChange(id as K),
    label,
    idOf: { tab: (id) => `${base}-tab-${id}`, panel: `${base}-panel` },
  };
  return (
    <div>
      <Suspense fallback={<TabListAsDrawn {...list} />}>
        <TabList {...list} />
      </Suspense>
      <div className={styles.panel} role="tabpanel" id={list.idOf.panel} aria-labelledby={list.idOf.tab(selected.id)} tabIndex={0}>
        {selected.content}
      </div>
    </div>
  );
}

function TabListAsDrawn({ items, selected, onChange, label, idOf }: TabListProps) {
  return (
    <div className={styles.list} role="tablist" aria-label={label}>
      {items.map((item) => (
        <button key={item.id} type="button" role="tab" data-tab={item.id} id={idOf.tab(item.id)} aria-controls={idOf.panel} aria-selected={item.id === selected} tabIndex={item.id === selected ? 0 : -1} className={styles.tab} onClick={() => onChange(item.id)}>
          {item.label}
        </button>
      ))}
    </div>
  );
}
