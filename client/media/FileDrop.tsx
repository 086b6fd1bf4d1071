import type { DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@client/components/Icon';
import styles from './UploadWidget.module.css';

const IMAGE_TYPES = 'image/gif,image/jpeg,image/png,image/webp';

/** The widget's "upload" source: a file dropped here or chosen from disk (an avatar takes images only). */
export function FileDrop({ avatar, onPick }: { avatar: boolean; onPick: (file: File | undefined) => void }) {
  const { t } = useTranslation();
  const drop = (e: DragEvent) => {
    e.preventDefault();
    onPick(e.dataTransfer.files[0]);
  };
  return (
    <div className={styles.drop} onDragOver={(e) => e.preventDefault()} onDrop={drop}>
      <Icon name="image" size={28} />
      <p>{t('media.dropHint')}</p>
      <label className={styles.choose}>
        <input type="file" accept={avatar ? IMAGE_TYPES : `${IMAGE_TYPES},video/webm,video/ogg,video/mp4`} data-testid="widget-file-input" onChange={(e) => onPick(e.target.files?.[0])} />
        <span>{t('media.choose')}</span>
      </label>
      <p className={styles.small}>{t('media.limits')}</p>
    </div>
  );
}
