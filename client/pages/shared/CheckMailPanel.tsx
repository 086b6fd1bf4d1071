import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ResultPanel } from './ResultPanel';

/** Step: the code is on its way; tells where it went, how long it lasts, and what to do if it does not arrive. */
export function CheckMailPanel({ email, actions }: { email: string; actions?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <ResultPanel tone="info" title={t('checkMail.title')} actions={actions}>
      <p>{t('checkMail.sent', { email })}</p>
      <p>{t('checkMail.validity', { hours: 4 })}</p>
    </ResultPanel>
  );
}
