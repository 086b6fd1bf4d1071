import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '@client/components/Icon';
import styles from '@client/pages/shared/Admin.module.css';

/** The heading of a staff page, with its way back to the staff tools. */
export function AdminHeader({ title, lead }: { title: string; lead: ReactNode }) {
  const { t } = useTranslation();
  return (
    <header className={styles.header}>
      <Link to="/admin" className={styles.back}>
        <Icon name="chevronLeft" size={16} />
        {t('admin.back')}
      </Link>
      <h1>{title}</h1>
      <p>{lead}</p>
    </header>
  );
}
