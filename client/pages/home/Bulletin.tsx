import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Announcement } from '@shared/schemas/announcements';
import { plainText } from '@shared/spam';
import { announce } from '@client/components/announce';
import { Card } from '@client/components/Card';
import { DateTime } from '@client/components/DateTime';
import { Skeleton } from '@client/components/Skeleton';
import { RichText } from '@client/richText/RichText';
import { announcementPath } from '@client/pages/announcement/paths';
import { useAnnouncement } from '@client/pages/announcement/useAnnouncement';
import styles from './SiteActivity.module.css';

const ITEMS = ['rules', 'evidence', 'appeals'] as const;

/** The standing notes from the translations, shown until staff publish a bulletin. */
function StandingNotes() {
  const { t } = useTranslation();
  return (
    <ul className={styles.bulletin}>
      {ITEMS.map((item) => (
        <li key={item}>
          <span className={styles.bulletinTag}>{t(`home.bulletin.${item}.tag`)}</span>
          <h3>{t(`home.bulletin.${item}.title`)}</h3>
          <p>{t(`home.bulletin.${item}.text`)}</p>
        </li>
      ))}
    </ul>
  );
}

/**
 * Says a bulletin published while the page is open, through the live announcer. The one the page
 * opened with is read with the page, and the same one read again in another language is no news.
 */
function useNewBulletinSaid(doc: Announcement | null | undefined) {
  const { t } = useTranslation();
  const shown = useRef<Announcement | null | undefined>(undefined);
  useEffect(() => {
    if (doc === undefined) return;
    const before = shown.current;
    shown.current = doc;
    if (before === undefined || !doc || (before && (before.language !== doc.language || before.version >= doc.version))) return;
    announce(t('live.bulletin', { title: doc.title || plainText(doc.content) }));
  }, [doc, t]);
}

/** The bulletin: the latest version staff published (live), else the standing notes; links to the rules. */
export function Bulletin() {
  const { t } = useTranslation();
  const { load } = useAnnouncement('bulletin');
  const doc = load.state === 'ready' ? load.value : null;
  useNewBulletinSaid(load.state === 'loading' ? undefined : doc);
  return (
    <Card title={doc?.title || t('home.bulletin.title')}>
      <div data-bulletin={doc ? doc.version : 'standing'}>
        {load.state === 'loading' ? (
          <Skeleton width="90%" height={64} />
        ) : doc ? (
          <>
            <RichText html={doc.content} />
            <p>
              <small>
                <DateTime value={doc.createTime} />
              </small>
            </p>
          </>
        ) : (
          <StandingNotes />
        )}
        <p>
          <Link to={announcementPath('antiCheatRules')}>{t('announcement.names.antiCheatRules')}</Link>
          {' · '}
          <Link to={announcementPath('conductRules')}>{t('announcement.names.conductRules')}</Link>
          {' · '}
          <Link to={announcementPath('personnelRules')}>{t('announcement.names.personnelRules')}</Link>
        </p>
      </div>
    </Card>
  );
}
