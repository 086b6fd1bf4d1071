import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../Avatar';
import { DateTime } from '../DateTime';
import { Icon } from '../Icon';
import { Skeleton } from '../Skeleton';
import { StatusBadge } from '../StatusBadge';
import { casePath } from '@client/app/casePaths';
import { useFormat } from '@client/i18n/format';
import styles from './CaseTable.module.css';
import { GameTags } from './GameTags';

/** What a row needs: every case-like shape of the API (case records, user reports, search hits) has it. */
export interface CaseSummary {
  originName: string;
  originPersonaId: string;
  avatarLink: string | null;
  status: number;
  games?: readonly string[];
  createTime: string;
  updateTime: string;
  commentsNum?: number;
  viewNum?: number;
}

interface CaseTableProps<T extends CaseSummary> {
  items: readonly T[];
  caption: string;
  /** Extra text under the name (e.g. the past name a search matched). */
  note?: (item: T) => ReactNode;
}

function Counts({ item }: { item: CaseSummary }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (item.commentsNum === undefined && item.viewNum === undefined) return null;
  return (
    <span className={styles.counts}>
      {item.commentsNum !== undefined && (
        <span title={t('cases.replies')}>
          <Icon name="message" size={13} />
          <span className="visually-hidden">{t('cases.replies')}</span>
          {format.number(item.commentsNum)}
        </span>
      )}
      {item.viewNum !== undefined && (
        <span title={t('cases.views')}>
          <Icon name="eye" size={13} />
          <span className="visually-hidden">{t('cases.views')}</span>
          {format.number(item.viewNum)}
        </span>
      )}
    </span>
  );
}

/** Cases as a table: game ID (avatar, name, status), report time, update time. Rows stack on small screens. */
export function CaseTable<T extends CaseSummary>({ items, caption, note }: CaseTableProps<T>) {
  const { t } = useTranslation();
  return (
    <table className={styles.table}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('cases.gameId')}</th>
          <th scope="col">{t('cases.reportTime')}</th>
          <th scope="col">{t('cases.updateTime')}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.originPersonaId}>
            <td className={styles.playerCell}>
              <div className={styles.player}>
                <Avatar name={item.originName} src={item.avatarLink} size={40} square />
                <span className={styles.who}>
                  <Link to={casePath(item.originPersonaId)} className={styles.name}>
                    {item.originName}
                  </Link>
                  <span className={styles.meta}>
                    <StatusBadge status={item.status} />
                    <GameTags games={item.games} />
                    <Counts item={item} />
                  </span>
                  {note?.(item)}
                </span>
              </div>
            </td>
            <td data-label={t('cases.reportTime')}>
              <DateTime value={item.createTime} relative />
            </td>
            <td data-label={t('cases.updateTime')}>
              <DateTime value={item.updateTime} relative />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Placeholder rows while a page of cases loads. */
export function CaseTableSkeleton({ rows = 8 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <div className={styles.skeleton} role="status" aria-busy="true" aria-label={t('common.loading')}>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className={styles.skeletonRow}>
          <Skeleton width={40} height={40} radius="var(--radius-md)" />
          <div className={styles.skeletonLines}>
            <Skeleton width={`${40 + ((i * 17) % 30)}%`} height={16} />
            <Skeleton width="30%" />
          </div>
          <Skeleton width={90} className={styles.skeletonWide} />
          <Skeleton width={90} className={styles.skeletonWide} />
        </div>
      ))}
    </div>
  );
}
