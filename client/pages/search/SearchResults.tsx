import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SearchType } from '@shared/schemas/search';
import type { PlayerHit, SearchHits, UserHit } from '@client/api/search';
import { casePath } from '@client/app/casePaths';
import { Avatar } from '@client/components/Avatar';
import { CaseTable } from '@client/components/cases/CaseTable';
import { DateTime } from '@client/components/DateTime';
import { PrivilegeBadges } from '@client/components/PrivilegeBadges';
import { UserLink } from '@client/components/userCard/UserLink';
import { plainText } from '@client/html/plainText';
import { floorAnchor } from '../player/timeline/pageQuery';
import styles from './SearchPage.module.css';

const SNIPPET = 220;

function Players({ hits }: { hits: readonly PlayerHit[] }) {
  const { t } = useTranslation();
  return (
    <CaseTable
      items={hits}
      caption={t('search.types.player')}
      note={(hit) => hit.historyName !== hit.originName && <span className={styles.note}>{t('search.matchedAs', { name: hit.historyName })}</span>}
    />
  );
}

function Users({ hits }: { hits: readonly UserHit[] }) {
  const { t } = useTranslation();
  return (
    <ul className={styles.list}>
      {hits.map((user) => (
        <li key={user.dbId} className={styles.row}>
          <Avatar name={user.username} src={user.userAvatar} size={40} />
          <div className={styles.rowText}>
            <UserLink id={user.dbId} className={styles.rowTitle}>
              {user.username}
            </UserLink>
            <span className={styles.muted}>
              #{user.dbId} · {t('search.joined')} <DateTime value={user.joinTime} relative />
            </span>
          </div>
          <PrivilegeBadges privileges={user.privilege} />
        </li>
      ))}
    </ul>
  );
}

function Comments({ hits }: { hits: readonly SearchHits['comment'][] }) {
  const { t } = useTranslation();
  return (
    <ul className={styles.list}>
      {hits.map((entry) => {
        const text = plainText(entry.content);
        return (
          <li key={entry.id} className={`${styles.row} ${styles.comment}`}>
            <div className={styles.rowText}>
              <Link to={{ pathname: casePath(entry.toOriginPersonaId), hash: floorAnchor(entry.id) }} className={styles.rowTitle}>
                {t('search.commentOn', { name: entry.toOriginName, id: entry.id })}
              </Link>
              <p className={styles.snippet}>{text.length > SNIPPET ? `${text.slice(0, SNIPPET)}…` : text}</p>
              <span className={styles.muted}>
                {entry.username && entry.byUserId !== null ? <UserLink id={entry.byUserId}>{entry.username}</UserLink> : t('timeline.system')} ·{' '}
                <DateTime value={entry.createTime} relative />
              </span>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** One page of hits of a search type. */
export function SearchResults({ type, hits }: { type: SearchType; hits: readonly unknown[] }) {
  if (type === 'player') return <Players hits={hits as PlayerHit[]} />;
  if (type === 'user') return <Users hits={hits as UserHit[]} />;
  return <Comments hits={hits as SearchHits['comment'][]} />;
}
