import { useTranslation } from 'react-i18next';
import { Card } from '@client/components/Card';
import styles from './SiteActivity.module.css';

const ITEMS = ['rules', 'evidence', 'appeals'] as const;

/** Standing announcements, from the translations. */
export function Bulletin() {
  const { t } = useTranslation();
  return (
    <Card title={t('home.bulletin.title')}>
      <ul className={styles.bulletin}>
        {ITEMS.map((item) => (
          <li key={item}>
            <span className={styles.bulletinTag}>{t(`home.bulletin.${item}.tag`)}</span>
            <h3>{t(`home.bulletin.${item}.title`)}</h3>
            <p>{t(`home.bulletin.${item}.text`)}</p>
          </li>
        ))}
      </ul>
    </Card>
  );
}
