import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDescribeError } from '@client/api/describeError';
import { UploadControl, uploadAny } from '@client/api/media';
import { LIMITS } from '@shared/limits';
import { Button } from '@client/components/Button';
import { Icon } from '@client/components/Icon';
import { toast } from '@client/components/toast';
import { formatQuotaBytes } from '@client/i18n/quotaFormat';
import styles from './MediaPage.module.css';

const ACCEPT = 'image/gif,image/jpeg,image/png,image/webp,video/webm,video/ogg,video/mp4';

/**
 * Upload from disk: choose a file, drop it here, or paste it. Shows the bytes sent with a real
 * progress bar and lets the user cancel; files over 2 MiB go through a resumable big-file session.
 */
export function UploadZone({ onUploaded }: { onUploaded: () => void }) {
  const { t, i18n } = useTranslation();
  const describe = useDescribeError();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [progress, setProgress] = useState<{ name: string; sent: number; total: number; abort: AbortController; control: UploadControl | null; paused: boolean } | null>(null);

  const send = async (file: File) => {
    if (progress) return;
    const abort = new AbortController();
    // Big files go in resumable chunks, which can be paused.
    const control = file.size > LIMITS.uploadImageBytes ? new UploadControl() : null;
    setProgress({ name: file.name, sent: 0, total: file.size, abort, control, paused: false });
    try {
      await uploadAny(file, { signal: abort.signal, control: control ?? undefined, onProgress: (sent, total) => setProgress((p) => p && { ...p, sent, total }) });
      toast.success(t('media.uploaded', { name: file.name }));
      onUploaded();
    } catch (error) {
      if ((error as Error).name === 'AbortError') toast.info(t('media.cancelled'));
      else toast.error(describe(error));
    } finally {
      setProgress(null);
    }
  };

  // Pasting a picture anywhere on the page uploads it.
  useEffect(() => {
    const onPaste = (e: ClipboardEvent) => {
      const file = [...(e.clipboardData?.files ?? [])][0];
      if (file) {
        e.preventDefault();
        void send(file);
      }
    };
    window.addEventListener('paste', onPaste);
    return () => window.removeEventListener('paste', onPaste);
  });

  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const file = e.dataTransfer.files[0];
    if (file) void send(file);
  };

  const bytes = (n: number) => formatQuotaBytes(n, i18n.language);
  return (
    <div
      className={over ? `${styles.zone} ${styles.zoneOver}` : styles.zone}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      {progress ? (
        <div className={styles.progress}>
          <div className={styles.barHead}>
            <span>{t('media.uploading', { name: progress.name })}</span>
            <span className={styles.barText}>{t('media.quota.of', { used: bytes(progress.sent), limit: bytes(progress.total) })}</span>
          </div>
          <progress className={styles.progressBar} max={progress.total} value={progress.sent} aria-label={t('media.uploading', { name: progress.name })} />
          <div className={styles.actions}>
            {progress.control && (
              <Button
                size="sm"
                onClick={() => {
                  if (progress.paused) progress.control!.resume();
                  else progress.control!.pause();
                  setProgress((p) => p && { ...p, paused: !p.paused });
                }}
              >
                {progress.paused ? t('media.resume') : t('media.pause')}
              </Button>
            )}
            <Button size="sm" variant="ghost" onClick={() => progress.abort.abort()}>
              {t('common.cancel')}
            </Button>
          </div>
        </div>
      ) : (
        <>
          <Icon name="image" size={28} />
          <p>{t('media.dropHint')}</p>
          <Button variant="primary" onClick={() => input.current?.click()}>
            <Icon name="plus" size={16} />
            {t('media.choose')}
          </Button>
          <p className={styles.limits}>{t('media.limits')}</p>
        </>
      )}
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        hidden
        data-testid="media-file-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void send(file);
        }}
      />
    </div>
  );
}
