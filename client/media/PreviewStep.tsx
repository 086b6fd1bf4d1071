import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/Button';
import { TextField } from '@client/components/Field';
import { formatQuotaBytes } from '@client/i18n/quotaFormat';
import styles from './UploadWidget.module.css';

interface PreviewStepProps {
  file: File;
  /** The address shown: the cropped JPEG's, or the file's own. */
  preview: string;
  /** The bytes that will be sent. */
  size: number;
  avatar: boolean;
  alt: string;
  onAlt: (alt: string) => void;
  onBack: () => void;
  onUpload: () => void;
}

/** The widget's preview step: what will be sent, its size, the alternative text (not for an avatar). */
export function PreviewStep({ file, preview, size, avatar, alt, onAlt, onBack, onUpload }: PreviewStepProps) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <div className={avatar ? `${styles.preview} ${styles.round}` : styles.preview}>
        {file.type.startsWith('video/') ? <video src={preview} controls /> : <img src={preview} alt={t('widget.previewAlt')} />}
      </div>
      <p className={styles.small}>{formatQuotaBytes(size, i18n.language)}</p>
      {!avatar && <TextField label={t('editor.image.alt')} value={alt} onChange={(e) => onAlt(e.target.value)} maxLength={200} />}
      <div className={styles.actions}>
        <Button onClick={onBack}>{t('common.previous')}</Button>
        <Button variant="primary" onClick={onUpload}>
          {t('widget.upload')}
        </Button>
      </div>
    </>
  );
}
