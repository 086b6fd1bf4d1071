import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { signupVerify } from '@client/api/account';
import { useDescribeError } from '@client/api/describeError';
import { ButtonLink } from '@client/components/Button';
import { Steps } from '@client/components/Steps';
import { useOneShot } from '@client/hooks/useOneShot';
import { AuthPage } from '../shared/AuthPage';
import { ResultPanel } from '../shared/ResultPanel';
import { SIGNUP_STEPS } from './steps';

/** The page the confirmation mail links to: confirms the code and finishes the sign-up. */
export function RegisterVerificationPage() {
  const { t } = useTranslation();
  const describe = useDescribeError();
  const [params] = useSearchParams();
  const code = params.get('code');
  const result = useOneShot(code, signupVerify);

  return (
    <AuthPage width="wide" title={t('registerVerification.title')}>
      <Steps steps={SIGNUP_STEPS.map((s) => t(`signup.steps.${s}`))} current={4} label={t('signup.progress')} />
      {!code ? (
        <ResultPanel tone="danger" title={t('registerVerification.failed')} actions={<ButtonLink to="/signup">{t('registerVerification.again')}</ButtonLink>}>
          {t('registerVerification.noCode')}
        </ResultPanel>
      ) : result.state === 'pending' ? (
        <ResultPanel tone="pending" title={t('registerVerification.checking')} />
      ) : result.state === 'done' ? (
        <ResultPanel
          tone="success"
          title={t('registerVerification.done', { name: result.value.username })}
          actions={
            <ButtonLink to="/signin" variant="primary">
              {t('registerVerification.signin')}
            </ButtonLink>
          }
        >
          {t('registerVerification.doneText')}
        </ResultPanel>
      ) : (
        <ResultPanel
          tone="danger"
          title={t('registerVerification.failed')}
          actions={
            <ButtonLink to="/signup" variant="secondary">
              {t('registerVerification.again')}
            </ButtonLink>
          }
        >
          <p>{describe(result.error)}</p>
          <p>{t('registerVerification.failedHint')}</p>
        </ResultPanel>
      )}
    </AuthPage>
  );
}
