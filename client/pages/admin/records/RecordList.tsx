import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ListPage } from '@client/api/client';
import type { RecordQuery } from '@client/api/adminRecords';
import { Button } from '@client/components/Button';
import { Card } from '@client/components/Card';
import { EmptyState } from '@client/components/EmptyState';
import { SelectField, TextField } from '@client/components/Field';
import { Icon, type IconName } from '@client/components/Icon';
import { Pager } from '@client/components/Pager';
import { RemoteList } from '@client/components/RemoteList';
import { Skeleton } from '@client/components/Skeleton';
import { usePagerFocus } from '@client/components/usePagerFocus';
import { useRemote } from '@client/hooks/useRemote';
import { useFormat } from '@client/i18n/format';
import { ListSkeleton } from '../ListSkeleton';
import { filterSearch, isFiltered, readFilters, toApiQuery, type FilterDef, type FilterValues } from './recordQuery';
import styles from '@client/pages/shared/Admin.module.css';

/** The filter form of a record list: nothing changes until it is sent (Enter or Apply). */
export function RecordFilters({ defs, values, onApply, label }: { defs: readonly FilterDef[]; values: FilterValues; onApply: (v: FilterValues) => void; label: string }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<FilterValues>(values);
  const set = (name: string, value: string) => setForm((f) => ({ ...f, [name]: value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply(form);
  };
  const empty = Object.fromEntries(defs.map((d) => [d.name, '']));
  return (
    <form className={styles.filters} onSubmit={submit} noValidate aria-label={label}>
      <div className={styles.filterRow}>
        {defs.map((d) =>
          d.kind === 'select' ? (
            <SelectField
              key={d.name}
              name={d.name}
              label={d.label}
              value={form[d.name] ?? ''}
              options={[{ value: '', label: t('admin.records.any') }, ...(d.options ?? [])]}
              onChange={(v) => set(d.name, v)}
            />
          ) : (
            <TextField
              key={d.name}
              name={d.name}
              label={d.label}
              type={d.kind === 'day' ? 'date' : 'text'}
              inputMode={d.kind === 'number' ? 'numeric' : undefined}
              autoComplete="off"
              spellCheck={false}
              value={form[d.name] ?? ''}
              onChange={(e) => set(d.name, e.target.value)}
            />
          ),
        )}
      </div>
      <div className={styles.filterActions}>
        <Button type="submit" variant="primary">
          <Icon name="search" size={16} />
          {t('admin.records.apply')}
        </Button>
        {isFiltered(values) && (
          <Button
            variant="ghost"
            onClick={() => {
              setForm(empty);
              onApply(empty);
            }}
          >
            <Icon name="close" size={16} />
            {t('admin.records.clear')}
          </Button>
        )}
      </div>
    </form>
  );
}

interface RecordListProps<T> {
  /** Names the list for its URL key, test hooks and texts (`admin.records.<id>.*`). */
  id: string;
  defs: readonly FilterDef[];
  limit?: number;
  load: (q: RecordQuery, signal: AbortSignal) => Promise<ListPage<T>>;
  keyOf: (item: T, index: number) => string | number;
  render: (item: T, filterBy: (values: FilterValues) => string) => ReactNode;
  icon: IconName;
  /** Keeps other URL parameters (such as the selected tab) when filters change. */
  keep?: Record<string, string>;
  /** Bumped after a change made on the page (a deletion): the page is read again. */
  version?: number;
}

/**
 * A staff record list: filters in the URL, the exact total, refresh, loading, empty and error
 * states, and a pager whose pages are links.
 */
export function RecordList<T>({ id, defs, limit = 20, load, keyOf, render, icon, keep = {}, version = 0 }: RecordListProps<T>) {
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { values, page } = readFilters(params, defs);
  const search = (v: FilterValues, p = 1) => filterSearch({ ...keep, ...v }, p);
  const current = search(values, page);
  const remote = useRemote(`${id}${current}#${version}`, (signal) => load(toApiQuery(values, defs, page, limit), signal));
  const total = remote.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / limit));
  const filtered = isFiltered(values);
  const filterBy = (v: FilterValues) => search({ ...values, ...v });
  const pager = usePagerFocus(page, pageCount, remote.state === 'ready');

  return (
    <div className={styles.records} data-records={id}>
      <Card>
        <RecordFilters key={current} defs={defs} values={values} label={t(`admin.records.${id}.filters`)} onApply={(v) => void navigate({ search: search(v) }, { preventScrollReset: true })} />
      </Card>
      <div className={styles.toolbar}>
        <p className={styles.summary} aria-live="polite">
          {remote.state === 'ready' ? t(filtered ? 'admin.records.countFiltered' : 'admin.records.count', { count: total, formatted: format.number(total) }) : '\u00a0'}
        </p>
        <Button variant="ghost" size="sm" disabled={remote.state === 'loading'} onClick={remote.reload}>
          <Icon name="refresh" size={14} />
          {t('admin.refresh')}
        </Button>
      </div>
      <Card flush>
        <div {...pager.region(t(`admin.records.${id}.title`))} aria-busy={remote.state === 'loading'}>
          <RemoteList
            remote={remote}
            items={remote.data?.data ?? []}
            failedTitle={t('admin.records.loadFailed')}
            skeleton={
              <ListSkeleton rows={5} busy>
                {(i) => (
                  <>
                    <Skeleton width={`${30 + ((i * 13) % 25)}%`} height={20} />
                    <Skeleton width="70%" />
                  </>
                )}
              </ListSkeleton>
            }
            empty={<EmptyState icon={icon} title={t(filtered ? 'admin.records.emptyFiltered' : 'admin.records.empty')} />}
          >
            {(items) => (
              <ul className={styles.list} aria-label={t(`admin.records.${id}.title`)}>
                {items.map((item, i) => (
                  <li key={keyOf(item, i)} className={styles.item} data-record={keyOf(item, i)}>
                    {render(item, filterBy)}
                  </li>
                ))}
              </ul>
            )}
          </RemoteList>
        </div>
      </Card>
      {remote.state === 'ready' && <Pager page={page} pageCount={pageCount} label={t('admin.records.pages')} to={(p) => ({ search: search(values, p) })} preventScrollReset onGo={pager.go} />}
    </div>
  );
}
