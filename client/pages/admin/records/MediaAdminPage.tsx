import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MediaFile } from '@shared/types/files';
import { getAllFiles } from '@client/api/adminRecords';
import { deleteMedia } from '@client/api/media';
import { useDescribeError } from '@client/api/describeError';
import { Badge } from '@client/components/Badge';
import { Button } from '@client/components/Button';
import { DateTime } from '@client/components/DateTime';
import { Dialog } from '@client/components/Dialog';
import { Icon } from '@client/components/Icon';
import { toast } from '@client/components/toast';
import { UserLink } from '@client/components/userCard/UserLink';
import { useFormat } from '@client/i18n/format';
import { useFileLabel } from '@client/media/useFileLabel';
import { LIMITS } from '@shared/limits';
import { AdminHeader } from '../AdminHeader';
import { RecordList } from './RecordList';
import type { FilterDef } from './recordQuery';
import styles from '@client/pages/shared/Admin.module.css';

/** /admin/media — every uploaded file, by own name, owner, kind, state and day, with previews; delete with confirmation (R/D list, S/R/D delete). */
export function MediaAdminPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const label = useFileLabel();
  const describe = useDescribeError();
  const [version, setVersion] = useState(0);
  const [doomed, setDoomed] = useState<MediaFile | null>(null);
  const [busy, setBusy] = useState(false);
  const defs: FilterDef[] = [
    { name: 'name', label: t('admin.records.fileName'), kind: 'text' },
    { name: 'userId', label: t('admin.records.ownerId'), kind: 'number' },
    { name: 'kind', label: t('admin.records.fileKind'), kind: 'select', options: (['image', 'video', 'archive'] as const).map((v) => ({ value: v, label: t(`admin.records.fileKinds.${v}`) })) },
    { name: 'state', label: t('admin.records.fileState'), kind: 'select', options: (['processing', 'ready', 'failed'] as const).map((v) => ({ value: v, label: t(`admin.records.fileStates.${v}`) })) },
    { name: 'from', label: t('admin.records.from'), kind: 'day' },
    { name: 'to', label: t('admin.records.to'), kind: 'day' },
  ];

  const remove = async () => {
    if (!doomed) return;
    setBusy(true);
    try {
      await deleteMedia(doomed.filename);
      toast.success(t('admin.records.media.deleted'));
      setDoomed(null);
      setVersion((v) => v + 1);
    } catch (e) {
      toast.error(describe(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={`container ${styles.page}`}>
      <AdminHeader title={t('admin.records.media.title')} lead={t('admin.records.media.lead')} />
      <RecordList<MediaFile>
        id="media"
        icon="image"
        defs={defs}
        limit={LIMITS.mediaPage}
        version={version}
        load={getAllFiles}
        keyOf={(f) => f.filename}
        render={(f, filterBy) => (
          <div className={styles.line}>
            <a href={f.downloadURL} target="_blank" rel="noreferrer" aria-label={t('admin.records.media.open', { name: label(f) })}>
              {f.thumbnailURL ? (
                <img className={styles.thumb} style={{ width: 96 }} src={f.thumbnailURL} alt="" loading="lazy" />
              ) : (
                <span className={styles.thumb} style={{ width: 96 }}>
                  <Icon name={f.kind === 'image' ? 'image' : f.kind === 'video' ? 'eye' : 'download'} size={24} />
                </span>
              )}
            </a>
            <div className={styles.mediaItem}>
              <div className={styles.line}>
                <Badge tone="neutral">{t(`admin.records.fileKinds.${f.kind}`)}</Badge>
                <Badge tone={f.state === 'failed' ? 'danger' : f.state === 'ready' ? 'success' : 'neutral'}>{t(`admin.records.fileStates.${f.state}`)}</Badge>
                <span>{format.bytes(f.size)}</span>
              </div>
              <strong className={styles.fileName} title={label(f)}>
                {label(f)}
              </strong>
              <code className={styles.agent}>{f.filename}</code>
              <div className={styles.line}>
                <span>{t('admin.records.owner')}</span>
                <UserLink id={f.userId}>{`#${f.userId}`}</UserLink>
                <DateTime value={f.createTime} />
              </div>
              <div className={styles.actions}>
                <Link to={{ search: filterBy({ userId: String(f.userId) }) }} preventScrollReset>
                  <Icon name="user" size={14} />
                  {t('admin.records.media.onlyOwner')}
                </Link>
                <Button variant="danger" size="sm" onClick={() => setDoomed(f)} data-delete-file={f.filename}>
                  <Icon name="trash" size={14} />
                  {t('admin.records.media.delete')}
                </Button>
              </div>
            </div>
          </div>
        )}
      />
      <Dialog
        open={doomed !== null}
        onClose={() => setDoomed(null)}
        title={t('admin.records.media.confirmTitle')}
        footer={
          <>
            <Button variant="ghost" onClick={() => setDoomed(null)}>
              {t('common.cancel')}
            </Button>
            <Button variant="danger" loading={busy} onClick={() => void remove()} data-confirm-delete>
              {t('admin.records.media.delete')}
            </Button>
          </>
        }
      >
        <p>{t('admin.records.media.confirmText', { name: doomed ? label(doomed) : '' })}</p>
      </Dialog>
    </div>
  );
}
