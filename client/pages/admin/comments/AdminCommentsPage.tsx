import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { COMMENT_STATES, type AdminComment, type CommentState } from '@shared/schemas/adminContent';
import { TIMELINE_SUBJECTS, type TimelineSubject } from '@shared/timeline';
import { LIMITS } from '@shared/limits';
import { getAdminComments, setComment, type SetCommentChange } from '@client/api/adminContent';
import { useShowError } from '@client/components/useShowError';
import { casePath } from '@client/app/casePaths';
import { Badge } from '@client/components/Badge';
import { Button } from '@client/components/Button';
import { Card } from '@client/components/Card';
import { DateTime } from '@client/components/DateTime';
import { Dialog } from '@client/components/Dialog';
import { EmptyState } from '@client/components/EmptyState';
import { SelectField, TextField } from '@client/components/Field';
import { Icon } from '@client/components/Icon';
import { Pager } from '@client/components/Pager';
import { usePagerFocus } from '@client/components/usePagerFocus';
import { RemoteList } from '@client/components/RemoteList';
import { Skeleton } from '@client/components/Skeleton';
import { toast } from '@client/components/toast';
import { UserLink } from '@client/components/userCard/UserLink';
import { RichEditor } from '@client/editor/RichEditor';
import { useRemote } from '@client/hooks/useRemote';
import { useFormat } from '@client/i18n/format';
import { RichText } from '@client/richText/RichText';
import { AdminHeader } from '../AdminHeader';
import { ListSkeleton } from '../ListSkeleton';
import styles from '@client/pages/shared/Admin.module.css';

const PAGE_SIZE = 20;
type TypeFilter = TimelineSubject | 'all';

interface Filters {
  type: TypeFilter;
  state: CommentState;
  caseId?: number;
  userId?: number;
  page: number;
}

const positive = (v: string | null) => (v && /^\d{1,10}$/.test(v) && Number(v) > 0 ? Number(v) : undefined);
function parse(params: URLSearchParams): Filters {
  const type = params.get('type');
  const state = params.get('state');
  return {
    type: (TIMELINE_SUBJECTS as readonly string[]).includes(type ?? '') ? (type as TimelineSubject) : 'all',
    state: (COMMENT_STATES as readonly string[]).includes(state ?? '') ? (state as CommentState) : 'all',
    caseId: positive(params.get('case')),
    userId: positive(params.get('user')),
    page: positive(params.get('page')) ?? 1,
  };
}
function queryString(f: Filters) {
  const p = new URLSearchParams();
  if (f.type !== 'all') p.set('type', f.type);
  if (f.state !== 'all') p.set('state', f.state);
  if (f.caseId) p.set('case', String(f.caseId));
  if (f.userId) p.set('user', String(f.userId));
  if (f.page > 1) p.set('page', String(f.page));
  const s = p.toString();
  return s ? `?${s}` : '';
}

function FilterForm({ filters, onApply }: { filters: Filters; onApply: (f: Filters) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState({ type: filters.type, state: filters.state, caseId: filters.caseId ? String(filters.caseId) : '', userId: filters.userId ? String(filters.userId) : '' });
  return (
    <form
      className={styles.filters}
      onSubmit={(e) => {
        e.preventDefault();
        onApply({ type: draft.type, state: draft.state, caseId: positive(draft.caseId), userId: positive(draft.userId), page: 1 });
      }}
    >
      <div className={styles.filterRow}>
      <SelectField
        label={t('admin.comments.type')}
        value={draft.type}
        options={[{ value: 'all', label: t('admin.comments.types.all') }, ...TIMELINE_SUBJECTS.map((s) => ({ value: s, label: t(`admin.comments.types.${s}`) }))]}
        onChange={(type) => setDraft({ ...draft, type })}
      />
      <SelectField
        label={t('admin.comments.state')}
        value={draft.state}
        options={COMMENT_STATES.map((s) => ({ value: s, label: t(`admin.comments.states.${s}`) }))}
        onChange={(state) => setDraft({ ...draft, state })}
      />
      <TextField label={t('admin.comments.caseId')} inputMode="numeric" value={draft.caseId} onChange={(e) => setDraft({ ...draft, caseId: e.target.value.trim() })} />
      <TextField label={t('admin.comments.userId')} inputMode="numeric" value={draft.userId} onChange={(e) => setDraft({ ...draft, userId: e.target.value.trim() })} />
      </div>
      <div className={styles.filterActions}>
        <Button type="submit" variant="primary">
          <Icon name="search" size={14} />
          {t('admin.comments.apply')}
        </Button>
      </div>
    </form>
  );
}

function EditDialog({ item, onClose, onSave }: { item: AdminComment; onClose: () => void; onSave: (change: SetCommentChange) => Promise<void> }) {
  const { t } = useTranslation();
  const [content, setContent] = useState(item.content.text);
  const [videoLink, setVideoLink] = useState(item.videoLink ?? '');
  const [busy, setBusy] = useState(false);
  const save = async (change: SetCommentChange) => {
    setBusy(true);
    try {
      await onSave(change);
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('admin.comments.editTitle', { id: item.id })}
      footer={
        <>
          <Button variant="danger" disabled={busy} onClick={() => void save({ id: item.id, content: '', videoLink: null })} data-delete-comment>
            <Icon name="trash" size={14} />
            {t('admin.comments.delete')}
          </Button>
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button variant="primary" loading={busy} onClick={() => void save({ id: item.id, content, videoLink: videoLink.trim() || null })} data-save-comment>
            {t('admin.comments.save')}
          </Button>
        </>
      }
    >
      <RichEditor label={t('admin.comments.content')} maxLength={LIMITS.reportMax} initialHtml={item.content.text} onChange={setContent} hint={t('admin.comments.deleteHint')} />
      <TextField label={t('admin.comments.videoLink')} type="url" value={videoLink} onChange={(e) => setVideoLink(e.target.value)} />
    </Dialog>
  );
}

function CommentItem({ item, onChange, onEdit }: { item: AdminComment; onChange: (change: SetCommentChange) => Promise<void>; onEdit: () => void }) {
  const { t } = useTranslation();
  const at = casePath(item.toOriginPersonaId);
  return (
    <li className={item.valid ? styles.item : `${styles.item} ${styles.hidden}`} data-comment={item.id}>
      <div className={styles.line}>
        <Badge tone="neutral">{t(`admin.comments.types.${item.type}`)}</Badge>
        {item.deleted ? (
          <Badge tone="danger">
            <Icon name="trash" size={12} />
            {t('admin.comments.deleted')}
          </Badge>
        ) : !item.valid ? (
          <Badge tone="neutral">
            <Icon name="eyeOff" size={12} />
            {t('admin.comments.hidden')}
          </Badge>
        ) : null}
        {item.editTime && <Badge tone="info">{t('admin.comments.edited')}</Badge>}
        <span className={styles.spacer} />
        <DateTime value={item.createTime} />
      </div>
      <div className={styles.line}>
        <Link to={at} className={styles.caseName}>
          {item.toOriginName}
        </Link>
        <span className={styles.id}>#{item.id}</span>
        {item.byUserId !== null && (
          <>
            <span>{t('admin.comments.by')}</span>
            <UserLink id={item.byUserId}>{item.username ?? `#${item.byUserId}`}</UserLink>
          </>
        )}
      </div>
      <div className={styles.content}>
        {item.deleted ? <RichText html={item.deleted.content} /> : item.content.text ? <RichText html={item.content.text} floorHref={(id) => `${at}#floor-${id}`} /> : null}
        {(item.deleted?.videoLink ?? item.videoLink) && <p className={styles.id}>{item.deleted?.videoLink ?? item.videoLink}</p>}
      </div>
      <div className={styles.actions}>
        <Link to={`${at}#floor-${item.id}`}>
          <Icon name="arrowRight" size={14} />
          {t('admin.comments.onCase')}
        </Link>
        {item.deleted ? (
          <Button size="sm" onClick={() => void onChange({ id: item.id, valid: 1 })} data-restore>
            <Icon name="refresh" size={14} />
            {t('admin.comments.restore')}
          </Button>
        ) : (
          <>
            {item.type !== 'historyUsername' && (
              <Button size="sm" onClick={onEdit} data-edit>
                <Icon name="edit" size={14} />
                {t('admin.comments.edit')}
              </Button>
            )}
            <Button size="sm" onClick={() => void onChange({ id: item.id, valid: item.valid ? 0 : 1 })} data-toggle-visibility>
              <Icon name={item.valid ? 'eyeOff' : 'eye'} size={14} />
              {item.valid ? t('admin.comments.hide') : t('admin.comments.show')}
            </Button>
          </>
        )}
      </div>
    </li>
  );
}

/** /admin/comments — every timeline entry by type and state: edit, hide/show, delete and restore, jump to it (S/R/D). */
export function AdminCommentsPage() {
  const { t } = useTranslation();
  const showError = useShowError();
  const format = useFormat();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const filters = parse(params);
  const key = queryString(filters);
  const [editing, setEditing] = useState<AdminComment | null>(null);
  const remote = useRemote(key || '?', (signal) =>
    getAdminComments({ skip: (filters.page - 1) * PAGE_SIZE, limit: PAGE_SIZE, state: filters.state, type: filters.type === 'all' ? undefined : filters.type, playerId: filters.caseId, userId: filters.userId }, signal),
  );
  const total = remote.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const pager = usePagerFocus(filters.page, pageCount, remote.state === 'ready');
  const go = (next: Filters) => void navigate({ search: queryString(next) }, { preventScrollReset: true });

  const change = async (c: SetCommentChange) => {
    try {
      const { outcome } = await setComment(c);
      toast.success(t(`admin.comments.outcomes.${outcome}`));
      remote.reload();
    } catch (error) {
      showError(error);
      throw error;
    }
  };
  const quietly = (c: SetCommentChange) => change(c).catch(() => undefined);

  return (
    <div className={`container ${styles.page}`}>
      <AdminHeader title={t('admin.comments.title')} lead={t('admin.comments.lead')} />
      <Card>
        <FilterForm key={key} filters={filters} onApply={go} />
      </Card>
      <div className={styles.toolbar}>
        <p className={styles.summary} aria-live="polite">
          {remote.state === 'ready' ? t('admin.comments.count', { count: total, formatted: format.number(total) }) : '\u00a0'}
        </p>
        <Button variant="ghost" size="sm" disabled={remote.state === 'loading'} onClick={remote.reload}>
          <Icon name="refresh" size={14} />
          {t('admin.refresh')}
        </Button>
      </div>
      <Card flush>
        <div {...pager.region(t('admin.comments.title'))} id="admin-comments" aria-busy={remote.state === 'loading'}>
          <RemoteList
            remote={remote}
            items={remote.data?.data ?? []}
            failedTitle={t('admin.comments.loadFailed')}
            keepOnReload
            skeleton={
              <ListSkeleton rows={4}>
                {() => (
                  <>
                    <Skeleton width="40%" height={22} />
                    <Skeleton width="90%" />
                  </>
                )}
              </ListSkeleton>
            }
            empty={<EmptyState icon="message" title={t('admin.comments.empty')} />}
          >
            {(items) => (
              <ul className={styles.list} aria-label={t('admin.comments.title')}>
                {items.map((item) => (
                  <CommentItem key={item.id} item={item} onChange={quietly} onEdit={() => setEditing(item)} />
                ))}
              </ul>
            )}
          </RemoteList>
        </div>
      </Card>
      {remote.state === 'ready' && <Pager page={filters.page} pageCount={pageCount} label={t('admin.comments.pages')} to={(page) => ({ search: queryString({ ...filters, page }) })} onGo={pager.go} />}
      {editing && <EditDialog item={editing} onClose={() => setEditing(null)} onSave={change} />}
    </div>
  );
}
