import { useTranslation } from 'react-i18next';
import { Icon } from './Icon';
import styles from './Steps.module.css';

interface StepsProps {
  steps: readonly string[];
  /** Index of the current step (0-based). */
  current: number;
  label: string;
}

/** The progress of a wizard: done, current and upcoming steps. */
export function Steps({ steps, current, label }: StepsProps) {
  const { t } = useTranslation();
  return (
    <div>
      <ol className={styles.steps} aria-label={label}>
        {steps.map((name, i) => {
          const state = i < current ? 'done' : i === current ? 'current' : 'upcoming';
          return (
            <li key={name} className={`${styles.step} ${styles[state] ?? ''}`} aria-current={state === 'current' ? 'step' : undefined}>
              <span className={styles.name}>
                {state === 'done' ? <Icon name="check" size={13} /> : <span className={styles.number}>{i + 1}.</span>}
                <span>{name}</span>
                {state === 'done' && <span className="visually-hidden">{t('common.stepDone')}</span>}
              </span>
            </li>
          );
        })}
      </ol>
      <p className={styles.caption} aria-hidden>
        {t('common.stepOf', { current: current + 1, total: steps.length })} · <strong>{steps[current]}</strong>
      </p>
    </div>
  );
}
