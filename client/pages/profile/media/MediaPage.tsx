import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@shared/limits';
import type { MediaFile } from '@shared/types/files';
import { useDescribeError } from '@client/api/describeError';
import { chooseAvatar, deleteMedia, getMyFiles, getQuota } from '@client/api/media';
import { Badge } from '@client/components/Badge';
import { Button } from '@client/components/Button';
import { Card } from '@client/components/Card';
import { DateTime } from '@client/components/DateTime';
import { Dialog } from '@client/components/Dialog';
import { EmptyState } from '@client/components/EmptyState';
import { Icon } from '@client/components/Icon';
import { Pager } from '@client/components/Pager';
import { toast } from '@client/components/toast';
import { useRemote } from '@client/hooks/useRemote';
import { useSessionEvents } from '@client/realtime/useSessionEvents';
import { SectionHeader } from '../SectionHeader';
import { QuotaBars } from './QuotaBars';
import { UploadZone } from './UploadZone';
import { AvatarPicker } from '@client/media/AvatarPicker';
import { formatBytes } from '@client/media/format';
import { MediaFilter, type MediaFilterValue } from '@client/media/MediaFilter';
import { isFiltered, mediaQueryOf, mediaSearch, readMediaParams } from '@client/media/mediaParams';
import { useFileLabel } from '@client/media/useFileLabel';
import { useFormat } from '@client/i18n/format';
import { fileKinds } from '@shared/schemas/files';
import styles from './MediaPage.module.css';

const absolute = (url: string) => new URL(url, location.origin).toString();

/**
 * /profile/media — the media library: my files 40 a page with their names, thumbnails and states,
 * found by name and type (kept in the address), the quota as bars, uploads.
 */
export function MediaPage() {
  const { t, i18n } = useTranslation();
  const describe = useDescribeError();
  const format = useFormat();
  const label = useFileLabel();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { value: filter, page } = readMediaParams(params);
  const filtered = isFiltered(filter);
  const query = mediaQueryOf(filter);
  const [version, setVersion] = useState(0);
  const files = useRemote(`${page}:${query.name ?? ''}:${query.kind ?? ''}:${version}`, (signal) => getMyFiles(page - 1, query, signal));
  // A new filter starts at page 1; typing replaces the history entry rather than adding one per word.
  const applyFilter = (next: MediaFilterValue) => void navigate({ search: mediaSearch(next) }, { replace: true, preventScrollReset: true });
  const quota = useRemote(String(version), () => getQuota());
  const [confirm, setConfirm] = useState<MediaFile | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const refresh = () => setVersion((v) => v + 1);

  // An image job finished (ready or failed): show its new state and thumbnail.
  useSessionEvents((event) => {
    if (event.name === 'file.updated') refresh();
  });

  const act = async (name: string, work: () => Promise<unknown>, done: string) => {
    setBusy(name);
    try {
      await work();
      toast.success(done);
      refresh();
    } catch (error) {
      toast.error(describe(error));
    } finally {
      setBusy(null);
    }
  };

  const copy = async (file: MediaFile) => {
    try {
      await navigator.clipboard.writeText(absolute(file.downloadURL));
      toast.success(t('common.copied'));
    } catch {
      toast.error(t('common.copyByHand'));
    }
  };

  const total = files.data?.total ?? 0;
  return (
    <>
      <SectionHeader title={t('profile.section.media')} description={t('media.description')} />
      <Card
        title={t('media.quota.title')}
        id="media-quota"
        actions={
          <AvatarPicker onChanged={refresh} />
        }
      >
        {quota.data ? <QuotaBars quota={quota.data} /> : quota.state === 'failed' ? <p>{describe(quota.error)}</p> : <p>{t('common.loading')}</p>}
      </Card>
      <UploadZone onUploaded={refresh} />
      {(filtered || total > 0) && (
        <Card>
          <MediaFilter value={filter} onChange={applyFilter} kinds={fileKinds} />
          <p className={styles.found} aria-live="polite">
            {filtered && files.state === 'ready' ? t('media.filter.found', { count: total, formatted: format.number(total) }) : ''}
          </p>
        </Card>
      )}
      <Card flush>
        {files.state === 'failed' ? (
          <EmptyState tone="error" icon="alert" title={t('media.loadFailed')} action={<Button onClick={files.reload}>{t('common.retry')}</Button>}>
            {describe(files.error)}
          </EmptyState>
        ) : !files.data ? (
          <p className={styles.loading}>{t('common.loading')}</p>
        ) : !files.data.data.length && filtered ? (
          <EmptyState icon="search" title={t('media.filter.noMatch')} action={<Button onClick={() => applyFilter({ name: '', kind: '' })}>{t('media.filter.clear')}</Button>}>
            {t('media.filter.noMatchText')}
          </EmptyState>
        ) : !files.data.data.length ? (
          <EmptyState icon="image" title={t('media.empty')}>
            {t('media.emptyText')}
          </EmptyState>
        ) : (
          <ul className={styles.grid} aria-label={t('profile.section.media')}>
            {files.data.data.map((file) => (
              <li key={file.filename} className={styles.item} data-state={file.state}>
                <div className={styles.thumb}>
                  {/* The name below says what the picture is. */}
                  {file.thumbnailURL ? <img src={file.thumbnailURL} alt="" loading="lazy" /> : <Icon name={file.kind === 'image' ? 'image' : 'external'} size={28} />}
                </div>
                <div className={styles.meta}>
                  <span className={styles.fileName} title={label(file)} data-file-name>
                    {label(file)}
                  </span>
                  <span className={styles.type}>
                    {file.mimeType} · {formatBytes(file.size, i18n.language)}
                  </span>
                  <DateTime value={file.createTime} relative />
                  {file.state !== 'ready' && (
                    <Badge tone={file.state === 'failed' ? 'danger' : 'info'}>{t(`media.state.${file.state}`)}</Badge>
                  )}
                  {file.state === 'failed' && file.reason && <span className={styles.reason}>{file.reason}</span>}
                </div>
                <div className={styles.actions}>
                  {file.state === 'ready' && (
                    <Button size="sm" variant="ghost" onClick={() => void copy(file)}>
                      <Icon name="copy" size={14} />
                      {t('media.copyLink')}
                    </Button>
                  )}
                  {file.state === 'ready' && file.kind === 'image' && (
                    <Button size="sm" variant="ghost" loading={busy === `avatar:${file.filename}`} onClick={() => void act(`avatar:${file.filename}`, () => chooseAvatar(file.filename), t('media.avatarSet'))}>
                      <Icon name="user" size={14} />
                      {t('media.useAsAvatar')}
                    </Button>
                  )}
                  <Button size="sm" variant="ghost" onClick={() => setConfirm(file)}>
                    <Icon name="trash" size={14} />
                    {t('media.delete')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>
      {files.state === 'ready' && total > LIMITS.mediaPage && (
        <Pager page={page} pageCount={Math.ceil(total / LIMITS.mediaPage)} to={(p) => mediaSearch(filter, p) || '.'} label={t('media.pages')} />
      )}
      <Dialog
        open={!!confirm}
        onClose={() => setConfirm(null)}
        title={t('media.deleteTitle')}
        footer={
          <>
            <Button onClick={() => setConfirm(null)}>{t('common.cancel')}</Button>
            <Button
              variant="danger"
              loading={!!confirm && busy === confirm.filename}
              onClick={() => {
                const file = confirm!;
                setConfirm(null);
                void act(file.filename, () => deleteMedia(file.filename), t('media.deleted'));
              }}
            >
              {t('media.delete')}
            </Button>
          </>
        }
      >
        <p>{t('media.deleteText')}</p>
      </Dialog>
    </>
  );
}
