import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { canSubmit } from '@shared/privileges';
import { signinPath } from '@client/app/guards';
import { ButtonLink } from '@client/components/Button';
import { Notice } from '@client/components/Notice';
import { useViewer } from '@client/state/session';
import styles from './SubmitGate.module.css';

interface SubmitGateProps {
  /** The form's title, kept above the prompts that replace it. */
  title: ReactNode;
  /** Where a visitor comes back to after signing in. */
  anchor?: string;
  children: ReactNode;
}

/**
 * Writing needs an account bound to a game account (`canSubmit`, shared/policy.ts): visitors are asked to sign in,
 * unbound members to bind, locked accounts are told why; everyone else gets the form.
 */
export function SubmitGate({ title, anchor = '', children }: SubmitGateProps) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const { signedIn, me, privileges } = useViewer();
  const verdict = !signedIn ? 'signin' : me ? canSubmit(privileges, me.isBound) : 'ok';
  if (verdict === 'ok') return children;
  return (
    <div className={styles.prompt}>
      {title}
      {verdict === 'locked' ? (
        <Notice tone="warning" title={t('gate.lockedTitle')}>
          {t('gate.locked')}
        </Notice>
      ) : (
        <>
          <p>{t(verdict === 'signin' ? 'gate.signin' : 'gate.bind')}</p>
          <ButtonLink variant="primary" to={verdict === 'signin' ? signinPath({ backurl: `${pathname}${search}${anchor}` }) : '/bindOrigin'}>
            {t(verdict === 'signin' ? 'header.signin' : 'banner.bindNow')}
          </ButtonLink>
        </>
      )}
    </div>
  );
}
