import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@client/components/Button';
import { Card } from '@client/components/Card';
import { Steps } from '@client/components/Steps';
import { ResultPanel } from '../../shared/ResultPanel';
import { AccountLoading } from '../AccountLoading';
import { SectionHeader } from '../SectionHeader';
import { useAccount } from '../useAccount';
import { NameForm } from './NameForm';
import { NameNotice } from './NameNotice';
import styles from './ChangeNamePage.module.css';

const STEPS = ['notice', 'fill', 'finish'] as const;

/** Rename the account in three steps: notice, fill in, finish. */
export function ChangeNamePage() {
  const { t } = useTranslation();
  const { me, error, retry } = useAccount();
  const [step, setStep] = useState(0);
  const [result, setResult] = useState<{ newname: string; chancesLeft: number } | null>(null);

  return (
    <>
      <SectionHeader title={t('profile.section.changeName')} description={t('changeName.description')} />
      {!me ? (
        <AccountLoading error={error} retry={retry} />
      ) : (
        <Card>
          <div className={styles.body}>
            <Steps steps={STEPS.map((s) => t(`changeName.steps.${s}`))} current={step} label={t('changeName.progress')} />
            {step === 0 && <NameNotice chancesLeft={me.attr.changeNameLeft ?? 0} onContinue={() => setStep(1)} />}
            {step === 1 && (
              <NameForm
                currentName={me.username}
                onBack={() => setStep(0)}
                onDone={(done) => {
                  setResult(done);
                  setStep(2);
                }}
              />
            )}
            {step === 2 && result && (
              <ResultPanel
                tone="success"
                title={t('changeName.doneTitle', { name: result.newname })}
                actions={<ButtonLink to="/profile/information">{t('changeName.toProfile')}</ButtonLink>}
              >
                {t('changeName.doneText', { count: result.chancesLeft })}
              </ResultPanel>
            )}
          </div>
        </Card>
      )}
    </>
  );
}
