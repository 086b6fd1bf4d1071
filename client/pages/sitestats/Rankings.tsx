import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getRankings, type Rankings as RankingLists } from '@client/api/stats';
import { Avatar } from '@client/components/Avatar';
import { Card } from '@client/components/Card';
import { EmptyState } from '@client/components/EmptyState';
import { RemoteList } from '@client/components/RemoteList';
import { Skeleton } from '@client/components/Skeleton';
import { Tabs } from '@client/components/Tabs';
import { UserLink } from '@client/components/userCard/UserLink';
import { useRemote } from '@client/hooks/useRemote';
import { useFormat } from '@client/i18n/format';
import type { Range } from './ranges';
import { RankNumber } from './RankNumber';
import styles from './SiteStatsPage.module.css';

type Board = keyof RankingLists;
const BOARDS: readonly Board[] = ['report', 'community', 'achievement'];

interface Row {
  id: number;
  username: string;
  value: number;
}

const rowsOf = (lists: RankingLists, board: Board): Row[] =>
  board === 'achievement'
    ? lists.achievement.map((u) => ({ id: u.id, username: u.username, value: u.points }))
    : lists[board].map((u) => ({ id: u.id, username: u.username, value: u.total }));

function RankList({ rows, board }: { rows: readonly Row[]; board: Board }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <ol className={styles.rankList}>
      {rows.map((row, i) => (
        <li key={row.id} className={styles.rankRow}>
          <RankNumber place={i + 1} />
          <Avatar name={row.username} size={28} />
          <span className={styles.rankWho}>
            <UserLink id={row.id} className={styles.rankName}>
              {row.username}
            </UserLink>
          </span>
          <span className={styles.rankValue}>{t(`siteStats.rankings.value.${board}`, { count: row.value, formatted: format.number(row.value) })}</span>
        </li>
      ))}
    </ol>
  );
}

const RankSkeleton = () => (
  <div className={styles.rankList} aria-hidden>
    {Array.from({ length: 5 }, (_, i) => (
      <div key={i} className={styles.rankRow}>
        <Skeleton width={20} height={20} radius="50%" />
        <Skeleton width={28} height={28} radius="50%" />
        <Skeleton width={`${40 + ((i * 19) % 35)}%`} height={16} />
      </div>
    ))}
  </div>
);

/** The top members of the range (/activeStatistical): by reports, by community participation, by achievements. */
export function Rankings({ range }: { range: Range }) {
  const { t } = useTranslation();
  const [board, setBoard] = useState<Board>('report');
  const remote = useRemote(range, (signal) => getRankings(range, signal));

  const panel = (b: Board) => (
    <RemoteList
      remote={remote}
      items={remote.data ? rowsOf(remote.data, b) : []}
      failedTitle={t('siteStats.rankings.failed')}
      skeleton={<RankSkeleton />}
      empty={
        <EmptyState icon={b === 'achievement' ? 'bookmark' : 'users'} title={t(`siteStats.rankings.empty.${b}`)}>
          {t(`siteStats.rankings.emptyText.${b}`)}
        </EmptyState>
      }
    >
      {(rows) => (
        <>
          {b === 'community' && <p className={styles.hint}>{t('siteStats.rankings.communityHint')}</p>}
          <RankList rows={rows} board={b} />
        </>
      )}
    </RemoteList>
  );

  return (
    <Card id="rankings" title={t('siteStats.rankings.title')} description={t('siteStats.rankings.description')}>
      <div aria-busy={remote.state === 'loading'}>
        <Tabs label={t('siteStats.rankings.title')} value={board} onChange={setBoard} items={BOARDS.map((b) => ({ id: b, label: t(`siteStats.rankings.boards.${b}`), content: panel(b) }))} />
      </div>
    </Card>
  );
}
