import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useLocation, type To } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TimelineEntry } from '@shared/types/cases';
import { useDescribeError } from '@client/api/describeError';
import { Button } from '@client/components/Button';
import { EmptyState } from '@client/components/EmptyState';
import { Icon } from '@client/components/Icon';
import { Pager } from '@client/components/Pager';
import { usePagerFocus } from '@client/components/usePagerFocus';
import { Segmented } from '@client/components/Segmented';
import { Skeleton } from '@client/components/Skeleton';
import { useFormat } from '@client/i18n/format';
import { TIMELINE_FILTERS, type TimelineFilter } from '@client/state/timelineFilter';
import type { TimelineState } from './liveTimeline';
import { pageCount, type Order, type TimelinePosition } from './pageQuery';
import { TimelineEntryView, type EntryPermissions } from './TimelineEntryView';
import styles from './Timeline.module.css';

interface TimelineProps {
  state: TimelineState;
  status: 'loading' | 'ready' | 'failed';
  error: unknown;
  reload: () => void;
  filter: TimelineFilter;
  onFilter: (filter: TimelineFilter) => void;
  position: TimelinePosition;
  onPosition: (position: TimelinePosition) => void;
  pageTo: (page: number) => To;
  highlight: number | null;
  can: EntryPermissions;
  onReply: (entry: TimelineEntry) => void;
  onShare: (entry: TimelineEntry) => void;
  onVisibility: (entry: TimelineEntry) => void;
  renderExtra?: (entry: TimelineEntry) => ReactNode;
  /** The list of entries, to tell whether the reader has scrolled away from its start. */
  listRef?: RefObject<HTMLDivElement | null>;
}

function EntrySkeleton() {
  return (
    <div className={styles.entry} aria-hidden>
      <div className={styles.entryHeader}>
        <Skeleton width={24} height={24} radius="50%" />
        <Skeleton width={120} />
        <Skeleton width={80} />
      </div>
      <Skeleton width="90%" />
      <Skeleton width="70%" />
    </div>
  );
}

/** A case's timeline: filter, order, 20 entries a page, live entries, and the entries' actions. */
export function Timeline(props: TimelineProps) {
  const { t } = useTranslation();
  const describe = useDescribeError();
  const format = useFormat();
  const { state, status, position, filter } = props;
  const pages = pageCount(state.total);
  const newest = position.order === 'asc' ? pages : 1;
  const { hash } = useLocation();
  const top = useRef<HTMLElement>(null);
  const shown = useRef(`${position.page}:${position.order}`);
  const pager = usePagerFocus(position.page, pages, status === 'ready');

  // Another page starts at the timeline's top, unless an entry is being brought on screen.
  useEffect(() => {
    const now = `${position.page}:${position.order}`;
    if (shown.current === now) return;
    shown.current = now;
    if (!hash) top.current?.scrollIntoView({ block: 'start' });
  }, [position.page, position.order, hash]);

  return (
    <section ref={top} className={styles.timeline} aria-labelledby="timeline-title" aria-busy={status === 'loading'}>
      <header className={styles.timelineHeader}>
        <div>
          <h2 id="timeline-title">{t('timeline.title')}</h2>
          <p className={styles.muted}>{status === 'ready' ? t('timeline.count', { count: state.total, formatted: format.number(state.total) }) : t('common.loading')}</p>
        </div>
        <div className={styles.controls}>
          <Segmented label={t('timeline.filter')} value={filter} options={TIMELINE_FILTERS.map((f) => ({ value: f, label: t(`timeline.filters.${f}`) }))} onChange={props.onFilter} />
          <Segmented<Order>
            label={t('timeline.order')}
            value={position.order}
            options={[
              { value: 'asc', label: t('timeline.oldestFirst') },
              { value: 'desc', label: t('timeline.newestFirst') },
            ]}
            onChange={(order) => props.onPosition({ page: 1, order })}
          />
        </div>
      </header>

      <div {...pager.region(t('timeline.entries'))}>
        {status === 'failed' ? (
          <EmptyState tone="error" icon="alert" title={t('timeline.loadFailed')} action={<Button onClick={props.reload}>{t('common.retry')}</Button>}>
            {describe(props.error)}
          </EmptyState>
        ) : status === 'loading' ? (
          <div className={styles.entries}>
            <EntrySkeleton />
            <EntrySkeleton />
            <EntrySkeleton />
          </div>
        ) : state.entries.length === 0 ? (
          <EmptyState icon="message" title={t('timeline.empty')}>
            {filter === 'all' ? t('timeline.emptyText') : t('timeline.emptyFiltered')}
          </EmptyState>
        ) : (
          <div ref={props.listRef} className={styles.entries}>
            {state.entries.map((entry) => (
              <TimelineEntryView
                key={entry.id}
                entry={entry}
                highlighted={props.highlight === entry.id}
                can={props.can}
                onReply={props.onReply}
                onShare={props.onShare}
                onVisibility={props.onVisibility}
                renderExtra={props.renderExtra}
              />
            ))}
          </div>
        )}
      </div>

      {state.unseen.length > 0 && (
        <div className={styles.unseen} role="status">
          <Button
            variant="primary"
            size="sm"
            onClick={() => (newest === position.page ? props.reload() : props.onPosition({ page: newest, order: position.order }))}
          >
            <Icon name={position.order === 'asc' ? 'chevronDown' : 'refresh'} size={14} />
            {t('timeline.unseen', { count: state.unseen.length, formatted: format.number(state.unseen.length) })}
          </Button>
        </div>
      )}

      <Pager page={position.page} pageCount={pages} to={props.pageTo} label={t('timeline.pages')} preventScrollReset onGo={pager.go} />
    </section>
  );
}
