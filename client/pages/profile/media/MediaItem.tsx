import { useTranslation } from 'react-i18next';
import type { MediaFile } from '@shared/types/files';
import { Badge } from '@client/components/Badge';
import { Button } from '@client/components/Button';
import { DateTime } from '@client/components/DateTime';
import { Icon } from '@client/components/Icon';
import { toast } from '@client/components/toast';
import { formatQuotaBytes } from '@client/i18n/quotaFormat';
import { useFileLabel } from '@client/media/useFileLabel';
import styles from './MediaPage.module.css';

const absolute = (url: string) => new URL(url, location.origin).toString();

interface MediaItemProps {
  file: MediaFile;
  /** Its "use as avatar" is under way. */
  settingAvatar: boolean;
  onUseAsAvatar: () => void;
  onDelete: () => void;
}

/** One file of the library: thumbnail, name, type and size, age, state; copy its link, make it the avatar, delete it. */
export function MediaItem({ file, settingAvatar, onUseAsAvatar, onDelete }: MediaItemProps) {
  const { t, i18n } = useTranslation();
  const label = useFileLabel();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(absolute(file.downloadURL));
      toast.success(t('common.copied'));
    } catch {
      toast.error(t('common.copyByHand'));
    }
  };

  return (
    <li className={styles.item} data-state={file.state}>
      <div className={styles.thumb}>
        {/* The name below says what the picture is. */}
        {file.thumbnailURL ? <img src={file.thumbnailURL} alt="" loading="lazy" /> : <Icon name={file.kind === 'image' ? 'image' : 'external'} size={28} />}
      </div>
      <div className={styles.meta}>
        <span className={styles.fileName} title={label(file)} data-file-name>
          {label(file)}
        </span>
        <span className={styles.type}>
          {file.mimeType} · {formatQuotaBytes(file.size, i18n.language)}
        </span>
        <DateTime value={file.createTime} relative />
        {file.state !== 'ready' && <Badge tone={file.state === 'failed' ? 'danger' : 'info'}>{t(`media.state.${file.state}`)}</Badge>}
        {file.state === 'failed' && file.reason && <span className={styles.reason}>{file.reason}</span>}
      </div>
      <div className={styles.actions}>
        {file.state === 'ready' && (
          <Button size="sm" variant="ghost" onClick={() => void copy()}>
            <Icon name="copy" size={14} />
            {t('media.copyLink')}
          </Button>
        )}
        {file.state === 'ready' && file.kind === 'image' && (
          <Button size="sm" variant="ghost" loading={settingAvatar} onClick={onUseAsAvatar}>
            <Icon name="user" size={14} />
            {t('media.useAsAvatar')}
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={onDelete}>
          <Icon name="trash" size={14} />
          {t('media.delete')}
        </Button>
      </div>
    </li>
  );
}
