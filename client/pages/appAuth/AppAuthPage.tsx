import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { approveAuthRequest, getAuthRequest, refuseAuthRequest, type AppAuthorizationView } from '@client/api/apps';
import { useDescribeError } from '@client/api/describeError';
import { Button, ButtonLink } from '@client/components/Button';
import { Card } from '@client/components/Card';
import { useRemote } from '@client/hooks/useRemote';
import { ResultPanel } from '../shared/ResultPanel';
import { AppGrant } from './AppGrant';
import styles from './AppAuthPage.module.css';

type Outcome = { state: 'asking' } | { state: 'working' } | { state: 'approved' | 'refused'; app: AppAuthorizationView } | { state: 'failed'; error: unknown };

const APPS_PAGE = '/profile/apps';

/** /appAuth?code= — opened from the mail: an app asks to act for the user, who approves or refuses. */
export function AppAuthPage() {
  const { t } = useTranslation();
  const describe = useDescribeError();
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const request = useRemote(code || null, (signal) => getAuthRequest(code, signal));
  const [outcome, setOutcome] = useState<Outcome>({ state: 'asking' });

  const answer = async (approve: boolean) => {
    setOutcome({ state: 'working' });
    try {
      const app = await (approve ? approveAuthRequest(code) : refuseAuthRequest(code));
      setOutcome({ state: approve ? 'approved' : 'refused', app });
    } catch (error) {
      setOutcome({ state: 'failed', error });
    }
  };

  const body = () => {
    if (!code) return <ResultPanel tone="danger" title={t('appAuth.noCode')}>{t('appAuth.noCodeText')}</ResultPanel>;
    if (outcome.state === 'working') return <ResultPanel tone="pending" title={t('appAuth.authorizing')}>{t('appAuth.authorizingText')}</ResultPanel>;
    if (outcome.state === 'approved') {
      return (
        <ResultPanel tone="success" title={t('appAuth.approved', { app: outcome.app.appName })} actions={<ButtonLink to={APPS_PAGE}>{t('appAuth.manage')}</ButtonLink>}>
          {t('appAuth.approvedText')}
        </ResultPanel>
      );
    }
    if (outcome.state === 'refused') return <ResultPanel tone="info" title={t('appAuth.refused', { app: outcome.app.appName })}>{t('appAuth.refusedText')}</ResultPanel>;
    if (outcome.state === 'failed') {
      return (
        <ResultPanel tone="danger" title={t('appAuth.failed')} actions={<ButtonLink to={APPS_PAGE}>{t('appAuth.manage')}</ButtonLink>}>
          {describe(outcome.error)}
        </ResultPanel>
      );
    }
    if (request.state === 'loading') return <ResultPanel tone="pending" title={t('appAuth.loading')} />;
    if (request.state === 'failed') {
      return (
        <ResultPanel tone="danger" title={t('appAuth.notFound')} actions={<Button onClick={request.reload}>{t('common.retry')}</Button>}>
          {describe(request.error)}
        </ResultPanel>
      );
    }
    const app = request.data!;
    if (app.state !== 'pending') return <ResultPanel tone="info" title={t('appAuth.answered', { app: app.appName })}>{t(`appAuth.state.${app.state}`)}</ResultPanel>;
    return (
      <>
        <p className={styles.lead}>{t('appAuth.lead', { app: app.appName })}</p>
        <AppGrant request={app} />
        <div className={styles.actions}>
          <Button variant="primary" onClick={() => void answer(true)}>
            {t('appAuth.approve')}
          </Button>
          <Button onClick={() => void answer(false)}>{t('appAuth.refuse')}</Button>
        </div>
      </>
    );
  };

  return (
    <div className={`container ${styles.page}`}>
      <Card title={t('appAuth.title')}>{body()}</Card>
    </div>
  );
}
