import { useTranslation } from 'react-i18next';
import { Card } from '@client/components/Card';
import { SubmitGate } from '@client/forms/SubmitGate';
import { ReportForm } from './ReportForm';
import styles from './ReportPage.module.css';

/** /report (signed-in): the rules in short, then the form. */
export function ReportPage() {
  const { t } = useTranslation();
  return (
    <div className={`container ${styles.page}`}>
      <header className={styles.header}>
        <h1>{t('report.title')}</h1>
        <p>{t('report.lead')}</p>
      </header>
      <Card>
        <SubmitGate title={null}>
          <ReportForm />
        </SubmitGate>
      </Card>
    </div>
  );
}
