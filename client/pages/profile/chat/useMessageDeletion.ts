import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteMessage } from '@client/api/messages';
import { toast } from '@client/components/toast';
import { useDescribeMessageError } from './describeMessageError';

/** Deleting one message after the DeleteDialog asked: `ask(id)` opens it, `dialog` is its props. */
export function useMessageDeletion(onDeleted: (id: number) => void) {
  const { t } = useTranslation();
  const describe = useDescribeMessageError();
  const [deleting, setDeleting] = useState<{ id: number; busy: boolean } | null>(null);

  const confirm = async () => {
    if (!deleting) return;
    setDeleting({ ...deleting, busy: true });
    try {
      await deleteMessage(deleting.id);
      onDeleted(deleting.id);
      toast.success(t('messages.delete.done'));
    } catch (error) {
      toast.error(describe(error));
    }
    setDeleting(null);
  };

  return {
    ask: (id: number) => setDeleting({ id, busy: false }),
    dialog: { open: !!deleting, busy: !!deleting?.busy, onCancel: () => setDeleting(null), onConfirm: () => void confirm() },
  };
}
