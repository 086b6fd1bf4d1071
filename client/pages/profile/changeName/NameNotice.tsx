import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/Button';
import { Notice } from '@client/components/Notice';
import { useFormat } from '@client/i18n/format';
import styles from './ChangeNamePage.module.css';

/** Step 1: what renaming does, and how many renames are left. */
export function NameNotice({ chancesLeft, onContinue }: { chancesLeft: number; onContinue: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <div className={styles.body}>
      <Notice tone="warning" title={t('changeName.warningTitle')}>
        {t('changeName.warning')}
      </Notice>
      <ul className={styles.list}>
        <li>{t('changeName.rule1')}</li>
        <li>{t('changeName.rule2')}</li>
        <li>{t('changeName.rule3')}</li>
      </ul>
      <p className={styles.chancesRow}>
        <span className={styles.chances}>{format.number(chancesLeft)}</span>
        {t('changeName.chancesLeft', { count: chancesLeft })}
      </p>
      {chancesLeft > 0 ? (
        <div className={styles.actions}>
          <Button variant="primary" onClick={onContinue}>
            {t('changeName.continue')}
          </Button>
        </div>
      ) : (
        <Notice tone="danger">{t('codes.changeName.noChance')}</Notice>
      )}
    </div>
  );
}
