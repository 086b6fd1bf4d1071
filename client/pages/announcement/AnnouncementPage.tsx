import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isRuleAnnouncement, RULE_ANNOUNCEMENTS, type AnnouncementName } from '@shared/announcements';
import { useDescribeError } from '@client/api/describeError';
import { Badge } from '@client/components/Badge';
import { Button } from '@client/components/Button';
import { Card } from '@client/components/Card';
import { DateTime } from '@client/components/DateTime';
import { EmptyState } from '@client/components/EmptyState';
import { Notice } from '@client/components/Notice';
import { Skeleton } from '@client/components/Skeleton';
import { RichText } from '@client/richText/RichText';
import { NotFoundPage } from '@client/pages/NotFoundPage';
import { announcementPath } from './paths';
import { startAnnouncementRead, useAnnouncement } from './useAnnouncement';
import type { StartReads } from '@client/app/lazyPage';
import styles from '@client/pages/shared/Admin.module.css';

/** On a first visit, the document is read while the page is being drawn (client/app/lazyPage.ts). */
export const startReads: StartReads = ({ name }, language) => (isRuleAnnouncement(name) ? startAnnouncementRead(name, language) : undefined);

/** /announcement/:name — a rule announcement (anti-cheat, conduct, personnel): its latest version, live. */
export function AnnouncementPage() {
  const { name } = useParams();
  if (!isRuleAnnouncement(name)) return <NotFoundPage />;
  return <Announcement key={name} name={name} />;
}

function Announcement({ name }: { name: AnnouncementName }) {
  const { t, i18n } = useTranslation();
  const describe = useDescribeError();
  const { load, retry } = useAnnouncement(name);
  const doc = load.state === 'ready' ? load.value : null;
  return (
    <div className={`container ${styles.page}`}>
      <header className={styles.header}>
        <h1>{t(`announcement.names.${name}`)}</h1>
        <p>
          {RULE_ANNOUNCEMENTS.filter((n) => n !== name).map((n, i) => (
            <span key={n}>
              {i > 0 && ' · '}
              <Link to={announcementPath(n)}>{t(`announcement.names.${n}`)}</Link>
            </span>
          ))}
        </p>
      </header>
      <Card>
        <div data-announcement={name} aria-live="polite">
          {load.state === 'failed' ? (
            <EmptyState tone="error" icon="alert" title={t('announcement.loadFailed')} action={<Button onClick={retry}>{t('common.retry')}</Button>}>
              {describe(load.error)}
            </EmptyState>
          ) : load.state === 'loading' ? (
            <Skeleton width="100%" height={160} />
          ) : !doc ? (
            <EmptyState icon="info" title={t('announcement.none')} />
          ) : (
            <article lang={doc.language}>
              {doc.language !== i18n.language && (
                <div lang={i18n.language} data-fallback-language>
                  <Notice>{t('announcement.fallback')}</Notice>
                </div>
              )}
              <div className={styles.line}>
                {doc.title && <h2>{doc.title}</h2>}
                <Badge tone="success">{t('announcement.latest')}</Badge>
                <span>{t('announcement.version', { version: doc.version })}</span>
                <span className={styles.spacer} />
                <DateTime value={doc.createTime} />
              </div>
              <div className={styles.content}>
                <RichText html={doc.content} />
              </div>
            </article>
          )}
        </div>
      </Card>
    </div>
  );
}
