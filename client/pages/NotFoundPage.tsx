import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '@client/components/Button';
import styles from './NotFoundPage.module.css';

/** Where unknown addresses end up (/empty). */
export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className={styles.page}>
      <span className={styles.code} aria-hidden>
        404
      </span>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <div className={styles.actions}>
        <ButtonLink to="/" variant="primary">
          {t('common.backHome')}
        </ButtonLink>
        <Button onClick={() => void navigate(-1)}>{t('notFound.back')}</Button>
      </div>
    </div>
  );
}
