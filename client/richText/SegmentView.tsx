import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { casePath } from '@client/app/casePaths';
import { UserLink } from '@client/components/userCard/UserLink';
import type { Segment } from './tokens';
import styles from './RichText.module.css';

/** One piece of plain text: as written, or the link it stands for. */
export function SegmentView({ segment, floorHref }: { segment: Segment; floorHref: (id: number) => string }) {
  const { t } = useTranslation();
  switch (segment.kind) {
    case 'text':
      return segment.text;
    case 'url':
      return (
        <a href={segment.href} target="_blank" rel="noopener noreferrer nofollow">
          {segment.href}
        </a>
      );
    case 'email':
      return <a href={`mailto:${segment.address}`}>{segment.address}</a>;
    case 'floor':
      return (
        <a className={styles.token} href={floorHref(segment.id)}>
          {t('richText.floor', { id: segment.id })}
        </a>
      );
    case 'player':
      return (
        <Link className={styles.token} to={casePath(segment.personaId)}>
          {t('richText.player', { id: segment.personaId })}
        </Link>
      );
    case 'user':
      return (
        <UserLink id={segment.id} className={styles.token}>
          {t('richText.user', { id: segment.id })}
        </UserLink>
      );
  }
}
