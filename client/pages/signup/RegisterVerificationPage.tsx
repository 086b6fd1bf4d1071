import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { signupVerify } from '@client/api/account';
import { ButtonLink } from '@client/components/Button';
import { Steps } from '@client/components/Steps';
import { AuthPage } from '../shared/AuthPage';
import { MailedCodeCheck } from '../shared/MailedCodeCheck';
import { ResultPanel } from '../shared/ResultPanel';
import { SIGNUP_STEPS } from './steps';

/** The page the confirmation mail links to: confirms the code and finishes the sign-up. */
export function RegisterVerificationPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const code = params.get('code');

  return (
    <AuthPage width="wide" title={t('registerVerification.title')}>
      <Steps steps={SIGNUP_STEPS.map((s) => t(`signup.steps.${s}`))} current={4} label={t('signup.progress')} />
      {!code ? (
        <ResultPanel tone="danger" title={t('registerVerification.failed')} actions={<ButtonLink to="/signup">{t('registerVerification.again')}</ButtonLink>}>
          {t('registerVerification.noCode')}
        </ResultPanel>
      ) : (
        <MailedCodeCheck
          code={code}
          verify={signupVerify}
          checking={t('registerVerification.checking')}
          done={(account) => (
            <ResultPanel
              tone="success"
              title={t('registerVerification.done', { name: account.username })}
              actions={
                <ButtonLink to="/signin" variant="primary">
                  {t('registerVerification.signin')}
                </ButtonLink>
              }
            >
              {t('registerVerification.doneText')}
            </ResultPanel>
          )}
          failed={(message) => (
            <ResultPanel
              tone="danger"
              title={t('registerVerification.failed')}
              actions={
                <ButtonLink to="/signup" variant="secondary">
                  {t('registerVerification.again')}
                </ButtonLink>
              }
            >
              <p>{message}</p>
              <p>{t('registerVerification.failedHint')}</p>
            </ResultPanel>
          )}
        />
      )}
    </AuthPage>
  );
}
