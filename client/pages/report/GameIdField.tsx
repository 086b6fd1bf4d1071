import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@shared/limits';
import { casePath } from '@client/app/casePaths';
import { TextField } from '@client/components/Field';
import { Notice } from '@client/components/Notice';
import { StatusBadge } from '@client/components/StatusBadge';
import { hasLookalikes, lookalikeRuns } from './reportRules';
import { useSimilarCases } from './useSimilarCases';
import styles from './ReportPage.module.css';

interface GameIdFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

/** The reported game ID, with a warning about look-alike characters and the cases already open under similar names. */
export function GameIdField({ value, onChange, error }: GameIdFieldProps) {
  const { t } = useTranslation();
  const similar = useSimilarCases(value);
  const name = value.trim();
  return (
    <div className={styles.group}>
      <TextField
        label={t('report.originName')}
        hint={t('report.originNameHint')}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        error={error}
        maxLength={LIMITS.originNameMax + 1}
        autoComplete="off"
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
      />
      {name && hasLookalikes(name) && (
        <Notice tone="info" title={t('report.lookalikeTitle')}>
          <p>{t('report.lookalikeText')}</p>
          <p className={styles.spelled} aria-hidden>
            {lookalikeRuns(name).map((run, i) => (run.lookalike ? <mark key={i}>{run.text}</mark> : <span key={i}>{run.text}</span>))}
          </p>
        </Notice>
      )}
      {similar.length > 0 && (
        <Notice tone="warning" title={t('report.similarTitle')}>
          <p>{t('report.similarText')}</p>
          <ul className={styles.similar}>
            {similar.map((hit) => (
              <li key={hit.dbId}>
                <Link to={casePath(hit.originPersonaId)}>{hit.originName}</Link>
                {hit.historyName !== hit.originName && <span className={styles.formerly}>{t('report.formerly', { name: hit.historyName })}</span>}
                <StatusBadge status={hit.status} />
              </li>
            ))}
          </ul>
        </Notice>
      )}
    </div>
  );
}
