import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDescribeError } from '@client/api/describeError';
import { chooseAvatar } from '@client/api/media';
import { Button } from '@client/components/Button';
import { Icon } from '@client/components/Icon';
import { toast } from '@client/components/toast';
import { refreshMe } from '@client/state/session';
import { UploadWidget } from './UploadWidget';

/** "Change avatar": the upload widget in avatar mode (square crop, round preview), then the account's picture set. */
export function AvatarPicker({ onChanged }: { onChanged?: () => void }) {
  const { t } = useTranslation();
  const describe = useDescribeError();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const choose = async (filename: string) => {
    setBusy(true);
    try {
      await chooseAvatar(filename);
      toast.success(t('media.avatarSet'));
      await refreshMe().catch(() => undefined);
      onChanged?.();
    } catch (error) {
      toast.error(describe(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button onClick={() => setOpen(true)} loading={busy}>
        <Icon name="user" size={16} />
        {t('media.avatarButton')}
      </Button>
      <UploadWidget
        open={open}
        purpose="avatar"
        title={t('media.avatarButton')}
        onClose={() => setOpen(false)}
        onDone={({ filename }) => {
          setOpen(false);
          if (filename) void choose(filename);
        }}
      />
    </>
  );
}
