import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/Button';
import { Dialog } from '@client/components/Dialog';

/** Asks before a message is deleted: it goes for everyone who had it. */
export function DeleteDialog({ open, busy, onCancel, onConfirm }: { open: boolean; busy: boolean; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={t('messages.delete.title')}
      footer={
        <>
          <Button onClick={onCancel}>{t('common.cancel')}</Button>
          <Button variant="danger" loading={busy} onClick={onConfirm}>
            {t('messages.delete.confirm')}
          </Button>
        </>
      }
    >
      <p>{t('messages.delete.text')}</p>
    </Dialog>
  );
}
