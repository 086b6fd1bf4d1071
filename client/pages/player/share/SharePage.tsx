import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { THEMES, type Theme } from '@shared/languages';
import { casePath } from '@client/app/casePaths';
import { usePageTitleValues } from '@client/app/pageTitle';
import { CopyField } from '@client/components/CopyField';
import { EmptyState } from '@client/components/EmptyState';
import { SelectField } from '@client/components/Field';
import { Icon } from '@client/components/Icon';
import { Skeleton } from '@client/components/Skeleton';
import { usePreferences } from '@client/state/preferences';
import { shareLinks } from './links';
import { ShareCard } from './ShareCard';
import { useCaseOfRoute } from './useCaseOfRoute';
import styles from './SharePage.module.css';

/** /player/:ouid/share — the case's card, in the theme chosen for it, with its link and embed code. */
export function SharePage() {
  const { t, i18n } = useTranslation();
  const preferences = usePreferences();
  const [theme, setTheme] = useState<Theme>(preferences.theme);
  const { remote } = useCaseOfRoute();
  const record = remote.data;
  usePageTitleValues({ name: record?.originName ?? '…' });

  if (remote.state === 'failed' && !record) return <EmptyState icon="search" title={t('case.notFound')} />;
  const links = record && shareLinks(location.origin, record.originPersonaId, { theme, lang: i18n.language });

  return (
    <div className={`container ${styles.page}`}>
      <header className={styles.header}>
        <h1>{t('share.title')}</h1>
        <p>{t('share.lead')}</p>
      </header>
      <div className={styles.layout}>
        <div className={styles.preview} data-theme={theme}>
          {record ? <ShareCard record={record} /> : <Skeleton width={440} height={190} radius="var(--radius-lg)" />}
        </div>
        <div className={styles.controls}>
          <SelectField label={t('share.theme')} value={theme} options={THEMES.map((th) => ({ value: th, label: t(`themes.${th}`) }))} onChange={setTheme} />
          {links && record && (
            <>
              <CopyField label={t('case.share.link')} value={links.page} />
              <CopyField label={t('share.cardLink')} value={links.card} />
              <CopyField label={t('case.share.embed')} value={links.embed(`${record.originName} · ${t('app.name')}`)} multiline />
              <Link to={casePath(record.originPersonaId)} className={styles.back}>
                <Icon name="chevronLeft" size={16} />
                {t('share.back', { name: record.originName })}
              </Link>
            </>
          )}
        </div>
      </div>
    </div>
  );
}
