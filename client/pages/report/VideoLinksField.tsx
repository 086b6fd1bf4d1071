import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/Button';
import { Icon } from '@client/components/Icon';
import fieldStyles from '@client/components/Field.module.css';
import { linkProblem } from './reportRules';
import styles from './ReportPage.module.css';

interface VideoLinksFieldProps {
  value: readonly string[];
  onChange: (value: string[]) => void;
  /** A problem of the links as a whole (none given, too long together). */
  error?: string;
  /** Show each link's own problem (after a first attempt to send). */
  checked: boolean;
}

const MAX_LINKS = 5;

/** Video evidence: one address per row, each checked against the video sites (network drives are refused). */
export function VideoLinksField({ value, onChange, error, checked }: VideoLinksFieldProps) {
  const { t } = useTranslation();
  const rows = value.length ? value : [''];
  const set = (index: number, link: string) => onChange(rows.map((l, i) => (i === index ? link : l)));
  return (
    <fieldset className={fieldStyles.fieldset} aria-describedby="links-hint">
      <legend className={fieldStyles.legend}>{t('report.videoLinks')}</legend>
      <p className={fieldStyles.hint} id="links-hint">
        {t('report.videoLinksHint')}
      </p>
      {rows.map((link, i) => {
        const problem = link.trim() && (checked || link.trim().length > 12) ? linkProblem(link.trim()) : null;
        const errorId = `link-${i}-error`;
        return (
          <div key={i} className={styles.linkRow}>
            <div className={styles.linkInput}>
              <input
                className={fieldStyles.control}
                type="url"
                inputMode="url"
                value={link}
                placeholder="https://www.youtube.com/watch?v=…"
                aria-label={t('report.videoLinkN', { n: i + 1 })}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? errorId : undefined}
                onChange={(e) => set(i, e.target.value)}
              />
              {problem && (
                <p className={styles.error} id={errorId}>
                  <Icon name="alert" size={14} />
                  {t(`report.linkProblems.${problem}`)}
                </p>
              )}
            </div>
            {rows.length > 1 && (
              <Button variant="ghost" iconOnly aria-label={t('report.removeLink', { n: i + 1 })} onClick={() => onChange(rows.filter((_, j) => j !== i))}>
                <Icon name="trash" size={16} />
              </Button>
            )}
          </div>
        );
      })}
      {rows.length < MAX_LINKS && (
        <Button variant="ghost" size="sm" className={styles.addLink} onClick={() => onChange([...rows, ''])}>
          <Icon name="plus" size={14} />
          {t('report.addLink')}
        </Button>
      )}
      {error && (
        <p className={styles.error}>
          <Icon name="alert" size={14} />
          {error}
        </p>
      )}
    </fieldset>
  );
}
