import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '@client/components/toast';
import { signOut } from '@client/state/session';

/** Goes home, then signs out and says so (leaving first keeps a protected page from sending us to sign in). */
export function useSignOut() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return async () => {
    await navigate('/');
    await signOut();
    toast.success(t('header.signedOut'));
  };
}
