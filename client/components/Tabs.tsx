import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
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

/** ARIA tabs: arrow keys, Home and End move between tabs; only the selected panel is rendered. */
export function Tabs<K extends string>({ items, value, onChange, label }: TabsProps<K>) {
  const base = useId();
  const listRef = useRef<HTMLDivElement>(null);

  const focusTab = (index: number) => {
    const next = items[(index + items.length) % items.length]!;
    onChange(next.id);
    listRef.current?.querySelector<HTMLButtonElement>(`[data-tab="${next.id}"]`)?.focus();
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const current = items.findIndex((i) => i.id === value);
    const rtl = getComputedStyle(e.currentTarget).direction === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[e.key];
    if (step) focusTab(current + step);
    else if (e.key === 'Home') focusTab(0);
    else if (e.key === 'End') focusTab(items.length - 1);
    else return;
    e.preventDefault();
  };

  const selected = items.find((i) => i.id === value) ?? items[0]!;
  return (
    <div>
      <div className={styles.list} role="tablist" aria-label={label} ref={listRef} onKeyDown={onKeyDown}>
        {items.map((item) => (
          <button
            key={item.id}
            type="button"
            role="tab"
            data-tab={item.id}
            id={`${base}-tab-${item.id}`}
            aria-selected={item.id === selected.id}
            aria-controls={`${base}-panel`}
            tabIndex={item.id === selected.id ? 0 : -1}
            className={styles.tab}
            onClick={() => onChange(item.id)}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div className={styles.panel} role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${selected.id}`} tabIndex={0}>
        {selected.content}
      </div>
    </div>
  );
}
