import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@shared/limits';
import { ApiError } from '@client/api/ApiError';
import { uploadFile, type UploadedFile } from '@client/api/files';
import { Button } from '@client/components/Button';
import { FieldFrame } from '@client/components/Field';
import { Icon } from '@client/components/Icon';
import { useFormat } from '@client/i18n/format';
import { inspectMossZip } from './appealRules';
import { useDescribeAppealError } from './describe';
import styles from './Appeal.module.css';

interface MossUploadProps {
  /** The uploaded archive, or null. */
  value: UploadedFile | null;
  onChange: (file: UploadedFile | null) => void;
  /** A problem the form found (e.g. no archive yet), shown when nothing more precise is. */
  error?: string;
  disabled?: boolean;
}

type Phase = { name: 'idle' } | { name: 'checking' } | { name: 'uploading'; fraction: number } | { name: 'failed'; message: string };

/** Upload failures that mean "this is not a MOSS archive". */
const NOT_ZIP_CODES = new Set(['upload.bad', 'upload.unsupport']);

/**
 * The MOSS self-certification archive: a zip holding Logfile.log, checked here at once,
 * then uploaded with its progress shown; the server checks it again.
 */
export function MossUpload({ value, onChange, error, disabled }: MossUploadProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const describe = useDescribeAppealError();
  const [phase, setPhase] = useState<Phase>({ name: 'idle' });
  const [fileName, setFileName] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const upload = useRef<AbortController | null>(null);
  const fileSize = format.bytes;

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    onChange(null);
    setFileName(file.name);
    if (file.size > LIMITS.uploadZipBytes) return setPhase({ name: 'failed', message: t('appeal.moss.tooLarge', { max: fileSize(LIMITS.uploadZipBytes) }) });
    setPhase({ name: 'checking' });
    const verdict = inspectMossZip(new Uint8Array(await file.arrayBuffer()));
    if (verdict !== 'ok') return setPhase({ name: 'failed', message: t(verdict === 'noLog' ? 'appeal.moss.noLog' : 'appeal.moss.notZip') });
    const controller = new AbortController();
    upload.current = controller;
    setPhase({ name: 'uploading', fraction: 0 });
    try {
      const done = await uploadFile(new File([file], file.name, { type: 'application/zip' }), {
        signal: controller.signal,
        onProgress: (fraction) => setPhase({ name: 'uploading', fraction }),
      });
      // The server reads the archive too; its answer wins over the browser's check.
      if (done.hasMossLog === false) return setPhase({ name: 'failed', message: t('appeal.moss.noLog') });
      setPhase({ name: 'idle' });
      onChange(done);
    } catch (failure) {
      if ((failure as Error).name === 'AbortError') return setPhase({ name: 'idle' });
      const notZip = failure instanceof ApiError && NOT_ZIP_CODES.has(failure.code);
      setPhase({ name: 'failed', message: notZip ? t('appeal.moss.notZip') : describe(failure) });
    } finally {
      upload.current = null;
    }
  };

  const clear = () => {
    onChange(null);
    setPhase({ name: 'idle' });
    setFileName('');
    if (input.current) input.current.value = '';
  };

  const busy = phase.name === 'checking' || phase.name === 'uploading';
  const shownError = phase.name === 'failed' ? phase.message : value ? undefined : error;
  return (
    <div className={styles.upload}>
      <FieldFrame label={t('appeal.moss.label')} hint={t('appeal.moss.hint', { max: fileSize(LIMITS.uploadZipBytes) })} error={shownError}>
        {(control) => <input {...control} ref={input} type="file" accept=".zip,application/zip" disabled={disabled || busy} onChange={(e) => void choose(e)} />}
      </FieldFrame>
      {phase.name === 'checking' && <p className={styles.muted}>{t('appeal.moss.checking')}</p>}
      {phase.name === 'uploading' && (
        <div className={styles.uploadRow}>
          <progress className={styles.progress} max={1} value={phase.fraction} aria-label={t('appeal.moss.progress', { name: fileName })} />
          <span className={styles.muted} aria-live="polite">
            {t('appeal.moss.uploading', { percent: format.number(Math.round(phase.fraction * 100)) })}
          </span>
          <Button size="sm" variant="ghost" onClick={() => upload.current?.abort()}>
            {t('common.cancel')}
          </Button>
        </div>
      )}
      {value && (
        <div className={styles.uploadRow}>
          <span className={styles.ok} role="status">
            <Icon name="checkCircle" size={16} />
            {t('appeal.moss.uploaded')}
          </span>
          <span className={styles.fileName}>
            {fileName || value.name} · {fileSize(value.size)}
          </span>
          <Button size="sm" variant="ghost" onClick={clear} disabled={disabled}>
            <Icon name="trash" size={14} />
            {t('appeal.moss.remove')}
          </Button>
        </div>
      )}
    </div>
  );
}
