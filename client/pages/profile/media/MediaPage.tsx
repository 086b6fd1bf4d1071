import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@shared/limits';
import type { MediaFile } from '@shared/types/files';
import { useDescribeError } from '@client/api/describeError';
import { chooseAvatar, deleteMedia, getMyFiles, getQuota } from '@client/api/media';
import { Button } from '@client/components/Button';
import { Card } from '@client/components/Card';
import { EmptyState } from '@client/components/EmptyState';
import { RemoteList } from '@client/components/RemoteList';
import { Pager } from '@client/components/Pager';
import { usePagerFocus } from '@client/components/usePagerFocus';
import { toast } from '@client/components/toast';
import { useRemote } from '@client/hooks/useRemote';
import { useSessionEvents } from '@client/realtime/useSessionEvents';
import { SectionHeader } from '../SectionHeader';
import { DeleteMediaDialog } from './DeleteMediaDialog';
import { MediaItem } from './MediaItem';
import { QuotaBars } from './QuotaBars';
import { UploadZone } from './UploadZone';
import { AvatarPicker } from '@client/media/AvatarPicker';
import { MediaFilter, type MediaFilterValue } from '@client/media/MediaFilter';
import { isFiltered, mediaQueryOf, mediaSearch, readMediaParams } from '@client/media/mediaParams';
import { useFormat } from '@client/i18n/format';
import { fileKinds } from '@shared/schemas/files';
import styles from './MediaPage.module.css';

/**
 * /profile/media — the media library: my files 40 a page with their names, thumbnails and states,
 * found by name and type (kept in the address), the quota as bars, uploads.
 */
export function MediaPage() {
  const { t } = useTranslation();
  const describe = useDescribeError();
  const format = useFormat();
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

  const total = files.data?.total ?? 0;
  const pageCount = Math.ceil(total / LIMITS.mediaPage);
  const pager = usePagerFocus(page, pageCount, files.state === 'ready');
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
        <div {...pager.region(t('profile.section.media'))}>
          <RemoteList
            remote={files}
            items={files.data?.data ?? []}
            failedTitle={t('media.loadFailed')}
            skeleton={<p className={styles.loading}>{t('common.loading')}</p>}
            keepOnReload
            empty={
              filtered ? (
                <EmptyState icon="search" title={t('media.filter.noMatch')} action={<Button onClick={() => applyFilter({ name: '', kind: '' })}>{t('media.filter.clear')}</Button>}>
                  {t('media.filter.noMatchText')}
                </EmptyState>
              ) : (
                <EmptyState icon="image" title={t('media.empty')}>
                  {t('media.emptyText')}
                </EmptyState>
              )
            }
          >
            {(items) => (
              <ul className={styles.grid} aria-label={t('profile.section.media')}>
                {items.map((file) => (
                  <MediaItem
                    key={file.filename}
                    file={file}
                    settingAvatar={busy === `avatar:${file.filename}`}
                    onUseAsAvatar={() => void act(`avatar:${file.filename}`, () => chooseAvatar(file.filename), t('media.avatarSet'))}
                    onDelete={() => setConfirm(file)}
                  />
                ))}
              </ul>
            )}
          </RemoteList>
        </div>
      </Card>
      {files.state === 'ready' && total > LIMITS.mediaPage && (
        <Pager page={page} pageCount={pageCount} to={(p) => mediaSearch(filter, p) || '.'} label={t('media.pages')} onGo={pager.go} />
      )}
      <DeleteMediaDialog
        file={confirm}
        busy={!!confirm && busy === confirm.filename}
        onCancel={() => setConfirm(null)}
        onConfirm={(file) => {
          setConfirm(null);
          void act(file.filename, () => deleteMedia(file.filename), t('media.deleted'));
        }}
      />
    </>
  );
}
