import { useTranslation } from 'react-i18next';
import type { MediaFile } from '@shared/types/files';
import { Button } from '@client/components/Button';
import { Dialog } from '@client/components/Dialog';

interface DeleteMediaDialogProps {
  /** The file asked about; null while none is. */
  file: MediaFile | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (file: MediaFile) => void;
}

/** Asks before a file of the library is deleted. */
export function DeleteMediaDialog({ file, busy, onCancel, onConfirm }: DeleteMediaDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={!!file}
      onClose={onCancel}
      title={t('media.deleteTitle')}
      footer={
        <>
          <Button onClick={onCancel}>{t('common.cancel')}</Button>
          <Button variant="danger" loading={busy} onClick={() => onConfirm(file!)}>
            {t('media.delete')}
          </Button>
        </>
      }
    >
      <p>{t('media.deleteText')}</p>
    </Dialog>
  );
}
