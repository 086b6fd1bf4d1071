import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { canSubmit } from '@shared/privileges';
import { signinPath } from '@client/app/guards';
import { ButtonLink } from '@client/components/Button';
import { Notice } from '@client/components/Notice';
import { useViewer } from '@client/state/session';
import styles from './ReplyForm.module.css';

/**
 * Replies need an account bound to a game account (spec §6): visitors are asked to sign in,
 * unbound members to bind, locked accounts are told why; everyone else gets the form.
 */
export function ReplyGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const { signedIn, me, privileges } = useViewer();
  if (!signedIn) {
    return (
      <div className={styles.prompt}>
        <h2 className={styles.title}>{t('reply.title')}</h2>
        <p>{t('reply.signinPrompt')}</p>
        <ButtonLink variant="primary" to={signinPath({ backurl: `${pathname}${search}#reply` })}>
          {t('header.signin')}
        </ButtonLink>
      </div>
    );
  }
  const verdict = me ? canSubmit(privileges, me.isBound) : 'ok';
  if (verdict === 'needBind') {
    return (
      <div className={styles.prompt}>
        <h2 className={styles.title}>{t('reply.title')}</h2>
        <p>{t('reply.bindPrompt')}</p>
        <ButtonLink variant="primary" to="/bindOrigin">
          {t('banner.bindNow')}
        </ButtonLink>
      </div>
    );
  }
  if (verdict === 'locked') return <Notice tone="warning" title={t('reply.lockedTitle')}>{t('reply.locked')}</Notice>;
  return children;
}
