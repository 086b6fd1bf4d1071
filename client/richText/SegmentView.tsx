import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { casePath } from '@client/app/casePaths';
import { DateTime } from '@client/components/DateTime';
import { Icon } from '@client/components/Icon';
import { PrivilegeBadge } from '@client/components/PrivilegeBadges';
import { UserLink } from '@client/components/userCard/UserLink';
import { useFormat } from '@client/i18n/format';
import type { Segment } from './tokens';
import styles from './RichText.module.css';

/** One piece of plain text: as written, or what it stands for. */
export function SegmentView({ segment, floorHref }: { segment: Segment; floorHref: (id: number) => string }) {
  const { t } = useTranslation();
  const format = useFormat();
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
    case 'router':
      return (
        <Link className={styles.token} to={segment.path}>
          {segment.path}
        </Link>
      );
    case 'privilege':
      return <PrivilegeBadge privilege={segment.privilege} />;
    case 'signature':
      return <span className={styles.signature}>{t('richText.signature', { text: segment.text })}</span>;
    case 'icon':
      return <Icon className={styles.icon} name={segment.name} size={16} label={t(`richText.icons.${segment.name}`)} />;
    case 'emote': {
      const name = t(`emotes.${segment.emote.name}`);
      return <img className={styles.emote} src={segment.emote.src} alt={name} title={name} width={24} height={24} data-emote={segment.emote.id} />;
    }
    case 'date':
      return <time dateTime={segment.date}>{format.calendarDate(segment.date)}</time>;
    case 'moment':
      return <DateTime value={segment.iso} />;
  }
}
