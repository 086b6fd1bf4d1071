import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { needsSignIn, useDescribeError } from '@client/api/describeError';
import { signinPath } from '@client/app/guards';
import { toast, type ToastLink } from './toast';

/** The sign-in link for a visitor whose action needs an account: back to `backurl` once signed in. */
export function signInLinkFor(error: unknown, backurl: string, label: string): ToastLink | undefined {
  return needsSignIn(error) ? { label, to: signinPath({ backurl }) } : undefined;
}

/**
 * Shows a failed action in a toast; a visitor whose action needs an account is asked to sign in,
 * with a link that brings them back to this page afterwards.
 */
export function useShowError() {
  const { t } = useTranslation();
  const describe = useDescribeError();
  const { pathname, search, hash } = useLocation();
  return (error: unknown) => toast.error(describe(error), signInLinkFor(error, pathname + search + hash, t('signin.requiredLink')));
}
