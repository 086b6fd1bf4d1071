import { useTranslation } from 'react-i18next';
import { toast } from '@client/components/toast';
import { signOut } from '@client/state/session';

/** Signs out and says so; a protected page's guard then sends the user home. */
export function useSignOut() {
  const { t } = useTranslation();
  return async () => {
    await signOut();
    toast.success(t('header.signedOut'));
  };
}
