import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@shared/limits';
import { bindOriginVerify } from '@client/api/account';
import { useDescribeError } from '@client/api/describeError';
import { Button } from '@client/components/Button';
import { useOneShot } from '@client/hooks/useOneShot';
import { refreshMe } from '@client/state/session';
import { ResultPanel } from '../shared/ResultPanel';

/** Confirms the binding once and refreshes the account, so the lock lifts at once. */
async function verifyAndRefresh(code: string) {
  const result = await bindOriginVerify(code);
  await refreshMe().catch(() => undefined);
  return result;
}

/** React Router keeps the history index in the entry's state; 0 means this tab opened on this page. */
const canGoBack = () => ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;

/** Step 4, opened from the mail: verifying, then a tick (and back after 3 s) or the error with a reset button. */
export function BindVerifyStep({ code }: { code: string }) {
  const { t } = useTranslation();
  const describe = useDescribeError();
  const navigate = useNavigate();
  const result = useOneShot(code, verifyAndRefresh);

  useEffect(() => {
    if (result.state !== 'done') return;
    const timer = setTimeout(() => {
      if (canGoBack()) void navigate(-1);
      else void navigate('/profile/information', { replace: true });
    }, LIMITS.bindRedirectMs);
    return () => clearTimeout(timer);
  }, [result.state, navigate]);

  if (result.state === 'pending') return <ResultPanel tone="pending" title={t('bind.verifying')} />;
  if (result.state === 'done') {
    return (
      <ResultPanel tone="success" title={t('bind.success', { name: result.value.originName })}>
        {t('bind.successText', { seconds: LIMITS.bindRedirectMs / 1000 })}
      </ResultPanel>
    );
  }
  return (
    <ResultPanel
      tone="danger"
      title={t('bind.failed')}
      actions={
        <Button variant="primary" onClick={() => void navigate('/bindOrigin', { replace: true })}>
          {t('bind.reset')}
        </Button>
      }
    >
      {describe(result.error)}
    </ResultPanel>
  );
}
