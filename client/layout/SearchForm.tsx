import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@client/components/Icon';
import { Spinner } from '@client/components/Spinner';
import { searchPath } from '@client/pages/search/searchQuery';
import styles from './HeaderSearch.module.css';

/** Where the caret was in the placeholder when the combobox took its place. */
export interface Caret {
  start: number;
  end: number;
  direction: 'forward' | 'backward' | 'none';
}

/** The search page for the text of the header's box. */
export const pageOf = (param: string) => searchPath({ param, type: 'player', sort: 'default', page: 1 });

/** What the header box's input has, drawn alike by its placeholder and by the combobox that replaces it. */
export function useFieldLook() {
  const { t } = useTranslation();
  return {
    type: 'search',
    className: styles.input,
    placeholder: t('nav.searchPlaceholder'),
    'aria-label': t('nav.search'),
    autoComplete: 'off',
    maxLength: 100,
    enterKeyHint: 'search',
  } as const;
}

/** The header box's form: its icon (a spinner while suggestions load) and the input it is given. */
export function SearchForm({ busy = false, onSubmit, children }: { busy?: boolean; onSubmit: (e: FormEvent) => void; children: ReactNode }) {
  return (
    <form role="search" className={styles.form} onSubmit={onSubmit}>
      <span className={styles.icon}>{busy ? <Spinner size={14} /> : <Icon name="search" size={16} />}</span>
      {children}
    </form>
  );
}
