import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '@client/components/toast';
import { signOut } from '@client/state/session';

/** Signs out, says so, and goes home. */
export function useSignOut() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return async () => {
    await signOut();
    toast.success(t('header.signedOut'));
    await navigate('/');
  };
}
