import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDescribeError } from '@client/api/describeError';
import type { Remote } from '@client/hooks/useRemote';
import { Button } from './Button';
import { EmptyState } from './EmptyState';

interface RemoteListProps<T> {
  /** The list's `useRemote`. */
  remote: Remote<unknown> & { reload: () => void };
  /** The items to show (those of the last answer, or none). */
  items: readonly T[];
  /** The error's title; the error itself is said under it, with a retry button. */
  failedTitle: string;
  /** The page's own words for an error (default: the catalogue's, `useDescribeError`). */
  describe?: (error: unknown) => string;
  skeleton: ReactNode;
  /** On a reload, what was loaded stays (the skeleton shows only until the first answer). */
  keepOnReload?: boolean;
  empty: ReactNode;
  children: (items: readonly T[]) => ReactNode;
}

/** A list loaded from the API in its four states: failed (with a retry), loading, empty, or its items. */
export function RemoteList<T>({ remote, items, failedTitle, describe, skeleton, keepOnReload = false, empty, children }: RemoteListProps<T>) {
  const { t } = useTranslation();
  const describeError = useDescribeError();
  if (remote.state === 'failed') {
    return (
      <EmptyState tone="error" icon="alert" title={failedTitle} action={<Button onClick={remote.reload}>{t('common.retry')}</Button>}>
        {(describe ?? describeError)(remote.error)}
      </EmptyState>
    );
  }
  if (remote.state === 'loading' && (!keepOnReload || remote.data === null)) return skeleton;
  if (!items.length) return empty;
  return children(items);
}
