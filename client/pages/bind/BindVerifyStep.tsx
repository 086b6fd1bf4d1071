import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@shared/limits';
import { bindOriginVerify } from '@client/api/account';
import { Button } from '@client/components/Button';
import { refreshMe } from '@client/state/session';
import { MailedCodeCheck } from '../shared/MailedCodeCheck';
import { ResultPanel } from '../shared/ResultPanel';

/** Confirms the binding once and refreshes the account, so the lock lifts at once. */
async function verifyAndRefresh(code: string) {
  const result = await bindOriginVerify(code);
  await refreshMe().catch(() => undefined);
  return result;
}

/** React Router keeps the history index in the entry's state; 0 means this tab opened on this page. */
const canGoBack = () => ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;

/** The tick once bound; back to where the user came from (or the profile) after a few seconds. */
function Bound({ name }: { name: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => {
      if (canGoBack()) void navigate(-1);
      else void navigate('/profile/information', { replace: true });
    }, LIMITS.bindRedirectMs);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <ResultPanel tone="success" title={t('bind.success', { name })}>
      {t('bind.successText', { seconds: LIMITS.bindRedirectMs / 1000 })}
    </ResultPanel>
  );
}

/** Step 4, opened from the mail: verifying, then a tick (and back after 3 s) or the error with a reset button. */
export function BindVerifyStep({ code }: { code: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <MailedCodeCheck
      code={code}
      verify={verifyAndRefresh}
      checking={t('bind.verifying')}
      done={(bound) => <Bound name={bound.originName} />}
      failed={(message) => (
        <ResultPanel
          tone="danger"
          title={t('bind.failed')}
          actions={
            <Button variant="primary" onClick={() => void navigate('/bindOrigin', { replace: true })}>
              {t('bind.reset')}
            </Button>
          }
        >
          {message}
        </ResultPanel>
      )}
    />
  );
}
