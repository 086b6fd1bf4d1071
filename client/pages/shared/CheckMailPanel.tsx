import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ResultPanel } from './ResultPanel';

/**
 * Step: the code is on its way; tells where it went, how long it lasts, and what to do if it does not
 * arrive. `sent` replaces the first line (the reset flow cannot say a mail was sent: the server does
 * not tell whether the name and e-mail matched).
 */
export function CheckMailPanel({ email, actions, sent }: { email: string; actions?: ReactNode; sent?: string }) {
  const { t } = useTranslation();
  return (
    <ResultPanel tone="info" title={t('checkMail.title')} actions={actions}>
      <p>{sent ?? t('checkMail.sent', { email })}</p>
      <p>{t('checkMail.validity', { hours: 4 })}</p>
    </ResultPanel>
  );
}
