import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@shared/limits';
import { TOOL_STATES, type ToolState, type ToolWithReview } from '@shared/schemas/tools';
import { deleteTool, getStaffTools, reviewTool, setToolHot } from '@client/api/tools';
import { useDescribeError } from '@client/api/describeError';
import { Badge } from '@client/components/Badge';
import { Button } from '@client/components/Button';
import { DateTime } from '@client/components/DateTime';
import { Dialog } from '@client/components/Dialog';
import { EmptyState } from '@client/components/EmptyState';
import { TextAreaField } from '@client/components/Field';
import { Notice } from '@client/components/Notice';
import { Segmented } from '@client/components/Segmented';
import { Skeleton } from '@client/components/Skeleton';
import { Switch } from '@client/components/Toggle';
import { useRemote } from '@client/hooks/useRemote';
import { useStaffAction } from '@client/components/useStaffAction';
import { ToolLinks } from '@client/pages/apps/ToolLink';
import styles from './AdminToolsPage.module.css';

type Filter = ToolState | 'all';
const FILTERS: readonly Filter[] = [...TOOL_STATES, 'all'];

/** /admin/tools — the directory's review queue: approve, reject with a reason, mark hot, delete. */
export function AdminToolsPage() {
  const { t } = useTranslation();
  const describe = useDescribeError();
  const [status, setStatus] = useState<Filter>('pending');
  const [limit, setLimit] = useState(20);
  const list = useRemote(`adminTools:${status}:${limit}`, (signal) => getStaffTools(status, 0, limit, signal));
  const [rejecting, setRejecting] = useState<ToolWithReview | null>(null);
  const [reason, setReason] = useState('');
  const [deleting, setDeleting] = useState<ToolWithReview | null>(null);
  const { busy, run: act } = useStaffAction(list.reload);

  return (
    <div className={`container ${styles.page}`}>
      <header>
        <h1>{t('adminTools.title')}</h1>
        <p className={styles.muted}>{t('adminTools.lead')}</p>
      </header>
      <Segmented
        label={t('adminTools.filter')}
        value={status}
        options={FILTERS.map((value) => ({ value, label: value === 'all' ? t('tools.tag.all') : t(`tools.state.${value}`) }))}
        onChange={(v) => {
          setStatus(v);
          setLimit(20);
        }}
      />
      {list.state === 'failed' && !list.data ? (
        <Notice tone="danger">{describe(list.error)}</Notice>
      ) : !list.data ? (
        <Skeleton height={160} />
      ) : list.data.data.length === 0 ? (
        <EmptyState icon="checkCircle" title={t('adminTools.empty')} />
      ) : (
        <>
          <p className={styles.muted}>{t('tools.count', { count: list.data.total })}</p>
          <ul className={styles.list}>
            {list.data.data.map((tool) => (
              <li key={tool.id} className={styles.item} data-tool-id={tool.id}>
                <div className={styles.itemHead}>
                  <h2 className={styles.name} dir="auto">
                    {tool.name}
                  </h2>
                  <Badge tone={tool.status === 'approved' ? 'success' : tool.status === 'rejected' ? 'danger' : 'info'}>{t(`tools.state.${tool.status}`)}</Badge>
                  {tool.hot && <Badge tone="danger">{t('tools.hot')}</Badge>}
                </div>
                <p className={styles.meta}>
                  {tool.submitterName ? t('adminTools.by', { name: tool.submitterName }) : t('tools.official')} · <DateTime value={tool.createTime} />
                  {tool.reviewerName && <> · {t('adminTools.reviewedBy', { name: tool.reviewerName })}</>}
                </p>
                <p className={styles.description} dir="auto">
                  {tool.description}
                </p>
                <p className={styles.meta}>{tool.tags.map((tag) => t(`tools.tag.${tag}`)).join(' · ')}</p>
                {tool.reason && <p className={styles.meta}>{t('tools.mine.reason', { reason: tool.reason })}</p>}
                <div className={styles.actions}>
                  <ToolLinks tool={tool} />
                  {tool.status !== 'approved' && (
                    <Button size="sm" variant="primary" disabled={busy} onClick={() => void act(() => reviewTool(tool.id, 'approve'), t('adminTools.approved', { name: tool.name }))}>
                      {t('adminTools.approve')}
                    </Button>
                  )}
                  {tool.status !== 'rejected' && (
                    <Button
                      size="sm"
                      disabled={busy}
                      onClick={() => {
                        setReason('');
                        setRejecting(tool);
                      }}
                    >
                      {t('adminTools.reject')}
                    </Button>
                  )}
                  <Switch label={t('adminTools.hot')} checked={tool.hot} disabled={busy} onChange={(hot) => void act(() => setToolHot(tool.id, hot), t('adminTools.saved'))} />
                  <Button size="sm" variant="ghost" disabled={busy} onClick={() => setDeleting(tool)}>
                    {t('adminTools.delete')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
          {list.data.total > list.data.data.length && limit < 100 && (
            <Button loading={list.state === 'loading'} onClick={() => setLimit((n) => Math.min(100, n + 20))}>
              {t('tools.more')}
            </Button>
          )}
        </>
      )}
      <Dialog
        open={!!rejecting}
        onClose={() => setRejecting(null)}
        title={t('adminTools.rejectTitle', { name: rejecting?.name ?? '' })}
        footer={
          <>
            <Button onClick={() => setRejecting(null)}>{t('common.cancel')}</Button>
            <Button
              variant="danger"
              loading={busy}
              disabled={!reason.trim()}
              onClick={() => void act(() => reviewTool(rejecting!.id, 'reject', reason.trim()), t('adminTools.rejected', { name: rejecting!.name })).then((ok) => ok && setRejecting(null))}
            >
              {t('adminTools.reject')}
            </Button>
          </>
        }
      >
        <TextAreaField label={t('adminTools.reason')} hint={t('adminTools.reasonHint')} rows={3} maxLength={LIMITS.toolReasonMax} value={reason} onChange={(e) => setReason(e.target.value)} />
      </Dialog>
      <Dialog
        open={!!deleting}
        onClose={() => setDeleting(null)}
        title={t('adminTools.deleteTitle', { name: deleting?.name ?? '' })}
        footer={
          <>
            <Button onClick={() => setDeleting(null)}>{t('common.cancel')}</Button>
            <Button variant="danger" loading={busy} onClick={() => void act(() => deleteTool(deleting!.id), t('adminTools.deleted', { name: deleting!.name })).then((ok) => ok && setDeleting(null))}>
              {t('adminTools.delete')}
            </Button>
          </>
        }
      >
        <p>{t('adminTools.deleteText')}</p>
      </Dialog>
    </div>
  );
}
