import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CASE_STATUSES } from '@shared/games';
import { getPlayer, getTimeline } from '@client/api/cases';
import { useDescribeError } from '@client/api/describeError';
import { casePath } from '@client/app/casePaths';
import { Badge } from '@client/components/Badge';
import { Button, ButtonLink } from '@client/components/Button';
import { DateTime } from '@client/components/DateTime';
import { Dialog } from '@client/components/Dialog';
import { EmptyState } from '@client/components/EmptyState';
import { TextAreaField, TextField } from '@client/components/Field';
import { Segmented } from '@client/components/Segmented';
import { Skeleton } from '@client/components/Skeleton';
import { StatusBadge, useStatusName } from '@client/components/StatusBadge';
import { Checkbox, Switch } from '@client/components/Toggle';
import { toast } from '@client/components/toast';
import { useRemote } from '@client/hooks/useRemote';
import { useFormat } from '@client/i18n/format';
import { requestNotifyPermission } from '@client/realtime/desktopNotify';
import { plainText } from '@client/html/plainText';
import {
  archiveCard,
  clearFlag,
  commitWorkflow,
  deleteCard,
  DEFAULT_COLUMN_WIDTH,
  ON_STATUS_CHANGE,
  restoreCard,
  setColumnShown,
  setRemark,
  setTask,
  TASK_ACTIONS,
  updateSettings,
  workflow,
  WORKFLOW_LIMITS,
  type TaskAction,
  type WorkflowState,
} from '@client/state/workflow';
import styles from './Workflow.module.css';

const apply = (change: (s: WorkflowState) => WorkflowState) => commitWorkflow(change(workflow as WorkflowState));

/** Removing a card asks what to do: keep it in the archive, or forget it. */
export function RemoveDialog({ state, id, onClose }: { state: WorkflowState; id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const card = id !== null ? state.cards[id] : undefined;
  return (
    <Dialog
      open={!!card}
      onClose={onClose}
      title={t('workflow.remove.title', { name: card?.name ?? '' })}
      footer={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            variant="danger"
            onClick={() => {
              apply((s) => deleteCard(s, id!));
              toast.success(t('workflow.remove.deleted'));
              onClose();
            }}
          >
            {t('workflow.remove.delete')}
          </Button>
          <Button
            variant="primary"
            onClick={() => {
              apply((s) => archiveCard(s, id!, Date.now()));
              toast.success(t('workflow.remove.archived'));
              onClose();
            }}
          >
            {t('workflow.remove.archive')}
          </Button>
        </>
      }
    >
      <p>{t('workflow.remove.text')}</p>
    </Dialog>
  );
}

/** The archived cards: restore one to its column, or delete it for good. */
export function ArchiveDialog({ state, open, onClose }: { state: WorkflowState; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Dialog open={open} onClose={onClose} title={t('workflow.archive.title')}>
      {!state.archived.length ? (
        <EmptyState icon="bookmark" title={t('workflow.archive.empty')} />
      ) : (
        <ul className={styles.plainList} data-testid="workflow-archive">
          {state.archived.map((a) => (
            <li key={a.card.id} className={styles.row} data-archived={a.card.id}>
              <div className={styles.rowText}>
                <strong>{a.card.name}</strong>
                <span className={styles.muted}>{t('workflow.archive.at', { date: format.dateTime(a.archivedAt) })}</span>
              </div>
              <Button size="sm" onClick={() => apply((s) => restoreCard(s, a.card.id, Date.now()))}>
                {t('workflow.archive.restore')}
              </Button>
              <Button size="sm" variant="danger" onClick={() => apply((s) => deleteCard(s, a.card.id))} aria-label={t('workflow.archive.deleteOne', { name: a.card.name })}>
                {t('workflow.archive.delete')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}

/** Board settings: which columns show, their width, desktop notices, what a live status change does. */
export function SettingsDialog({ state, open, onClose }: { state: WorkflowState; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const statusName = useStatusName();
  const [width, setWidth] = useState(String(state.settings.columnWidth));
  useEffect(() => setWidth(String(state.settings.columnWidth)), [state.settings.columnWidth, open]);
  const commitWidth = () => {
    const n = Math.round(Number(width));
    const clamped = Number.isFinite(n) ? Math.min(WORKFLOW_LIMITS.columnWidthMax, Math.max(WORKFLOW_LIMITS.columnWidthMin, n)) : DEFAULT_COLUMN_WIDTH;
    apply((s) => updateSettings(s, { columnWidth: clamped }));
    setWidth(String(clamped));
  };
  return (
    <Dialog open={open} onClose={onClose} title={t('workflow.settings.title')} footer={<Button onClick={onClose}>{t('common.close')}</Button>}>
      <div className={styles.stack}>
        <fieldset className={styles.fieldset}>
          <legend>{t('workflow.settings.showColumn')}</legend>
          <div className={styles.checkGrid}>
            {CASE_STATUSES.map((s) => (
              <Checkbox key={s} checked={state.settings.showColumn.includes(s)} onChange={(on) => apply((st) => setColumnShown(st, s, on))} label={statusName(s)} />
            ))}
          </div>
        </fieldset>
        <TextField
          label={t('workflow.settings.columnWidth')}
          hint={t('workflow.settings.columnWidthHint', { min: WORKFLOW_LIMITS.columnWidthMin, max: WORKFLOW_LIMITS.columnWidthMax })}
          type="number"
          inputMode="numeric"
          min={WORKFLOW_LIMITS.columnWidthMin}
          max={WORKFLOW_LIMITS.columnWidthMax}
          step={10}
          value={width}
          onChange={(e) => setWidth(e.target.value)}
          onBlur={commitWidth}
          onKeyDown={(e) => e.key === 'Enter' && commitWidth()}
        />
        <Switch
          checked={state.settings.isWindowNotify}
          onChange={(on) => {
            apply((s) => updateSettings(s, { isWindowNotify: on }));
            if (on) void requestNotifyPermission();
          }}
          label={t('workflow.settings.isWindowNotify')}
          description={t('workflow.settings.isWindowNotifyHint')}
        />
        <Segmented
          label={t('workflow.settings.onStatusChange')}
          value={state.settings.onStatusChange}
          options={ON_STATUS_CHANGE.map((v) => ({ value: v, label: t(`workflow.settings.statusChange.${v}`) }))}
          onChange={(v) => apply((s) => updateSettings(s, { onStatusChange: v }))}
        />
      </div>
    </Dialog>
  );
}

const LATEST = 5;

/** One case: its summary and latest entries from the server, and this browser's remark and timed task. */
export function DetailDialog({ state, id, onClose, onRemove }: { state: WorkflowState; id: number | null; onClose: () => void; onRemove: (id: number) => void }) {
  const { t } = useTranslation();
  const describe = useDescribeError();
  const format = useFormat();
  const card = id !== null ? state.cards[id] : undefined;
  const meta = id !== null ? state.meta[id] : undefined;
  const remote = useRemote(card ? String(card.id) : null, async (signal) => {
    const [record, timeline] = await Promise.all([getPlayer({ dbId: card!.id }, signal), getTimeline({ dbId: card!.id }, { skip: 0, limit: LATEST, order: 'desc' }, signal)]);
    return { record, entries: timeline.result };
  });
  const [remark, setRemarkText] = useState('');
  const [days, setDays] = useState<'7' | '30'>('7');
  const [action, setAction] = useState<TaskAction>('archive');
  useEffect(() => {
    setRemarkText(meta?.remark ?? '');
    setDays('7');
    setAction('archive');
    // Only when another card opens: typing must not be overwritten by the saved value.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);
  useEffect(() => {
    if (card?.flagged) apply((s) => clearFlag(s, card.id));
  }, [card?.flagged, card?.id]);

  if (!card) return <Dialog open={false} onClose={onClose} title="" children={null} />;
  const data = remote.data && remote.data.record.id === card.id ? remote.data : null;
  const task = meta?.task;

  return (
    <Dialog
      open
      onClose={onClose}
      title={card.name}
      footer={
        <>
          <Button variant="danger" onClick={() => onRemove(card.id)}>
            {t('workflow.card.remove')}
          </Button>
          <ButtonLink variant="primary" to={casePath(card.personaId)}>
            {t('common.openCase')}
          </ButtonLink>
        </>
      }
    >
      <div className={styles.stack} data-testid="workflow-detail">
        <section aria-label={t('workflow.detail.summary')}>
          {remote.state === 'failed' && !data ? (
            <EmptyState icon="alert" tone="error" title={t('workflow.detail.loadFailed')} action={<Button onClick={remote.reload}>{t('common.retry')}</Button>}>
              {describe(remote.error)}
            </EmptyState>
          ) : !data ? (
            <div className={styles.stack}>
              <Skeleton height={18} width="60%" />
              <Skeleton height={14} />
              <Skeleton height={14} />
            </div>
          ) : (
            <>
              <div className={styles.cardLine}>
                <StatusBadge status={data.record.status} />
                {data.record.games.map((g) => (
                  <Badge key={g} tone="info">
                    {t(`games.${g}`, { defaultValue: g })}
                  </Badge>
                ))}
              </div>
              <dl className={styles.facts}>
                <dt>{t('workflow.detail.caseNumber')}</dt>
                <dd>{data.record.id}</dd>
                <dt>{t('workflow.detail.reported')}</dt>
                <dd>
                  <DateTime value={data.record.createTime} />
                </dd>
                <dt>{t('workflow.detail.updated')}</dt>
                <dd>
                  <DateTime value={data.record.updateTime} />
                </dd>
                <dt>{t('workflow.detail.comments')}</dt>
                <dd>{format.number(data.record.commentsNum)}</dd>
              </dl>
              <h3 className={styles.subhead}>{t('workflow.detail.latest')}</h3>
              {!data.entries.length ? (
                <p className={styles.muted}>{t('workflow.detail.noEntries')}</p>
              ) : (
                <ol className={styles.plainList}>
                  {data.entries.map((e) => (
                    <li key={e.id} className={styles.entry}>
                      <span className={styles.muted}>
                        {e.username ?? t('timeline.system')} · {t(`timeline.types.${e.type}`)} · <DateTime value={e.createTime} relative />
                      </span>
                      {e.content.text && <span className={styles.entryText}>{plainText(e.content.text).slice(0, 200)}</span>}
                    </li>
                  ))}
                </ol>
              )}
            </>
          )}
        </section>

        <section className={styles.stack} aria-label={t('workflow.detail.mine')}>
          <TextAreaField
            label={t('workflow.detail.remark')}
            hint={t('workflow.detail.remarkHint', { max: WORKFLOW_LIMITS.remarkMax })}
            value={remark}
            maxLength={WORKFLOW_LIMITS.remarkMax}
            rows={3}
            onChange={(e) => setRemarkText(e.target.value)}
            onBlur={() => remark !== (meta?.remark ?? '') && apply((s) => setRemark(s, card.id, remark, Date.now()))}
          />
          <fieldset className={styles.fieldset}>
            <legend>{t('workflow.task.title')}</legend>
            {task ? (
              <div className={styles.row}>
                <span className={styles.rowText}>{t(task.action === 'archive' ? 'workflow.card.archiveAt' : 'workflow.card.notifyAt', { date: format.dateTime(task.dueAt) })}</span>
                <Button size="sm" onClick={() => apply((s) => setTask(s, card.id, null, Date.now()))}>
                  {t('workflow.task.cancel')}
                </Button>
              </div>
            ) : (
              <div className={styles.stack}>
                <Segmented label={t('workflow.task.days')} value={days} options={(['7', '30'] as const).map((d) => ({ value: d, label: t('workflow.task.inDays', { days: d }) }))} onChange={setDays} />
                <Segmented label={t('workflow.task.action')} value={action} options={TASK_ACTIONS.map((a) => ({ value: a, label: t(`workflow.task.actions.${a}`) }))} onChange={setAction} />
                <Button
                  size="sm"
                  onClick={() => {
                    apply((s) => setTask(s, card.id, { days: Number(days) as 7 | 30, action }, Date.now()));
                    if (action === 'notify' && state.settings.isWindowNotify) void requestNotifyPermission();
                  }}
                >
                  {t('workflow.task.start')}
                </Button>
              </div>
            )}
          </fieldset>
          {meta && (
            <p className={styles.muted}>
              {t('workflow.detail.times', { created: format.dateTime(meta.createTime), updated: format.dateTime(meta.updateTime) })}
            </p>
          )}
        </section>
      </div>
    </Dialog>
  );
}
