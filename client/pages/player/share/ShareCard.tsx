import { useTranslation } from 'react-i18next';
import type { CaseRecord } from '@shared/types/cases';
import { casePath } from '@client/app/casePaths';
import { Avatar } from '@client/components/Avatar';
import { StatusBadge } from '@client/components/StatusBadge';
import { useFormat } from '@client/i18n/format';
import { LogoMark } from '@client/components/Logo';
import styles from './ShareCard.module.css';

interface ShareCardProps {
  record: CaseRecord;
  /** The game to put first (the embedding site's game). */
  game?: string | null;
  /** Links leave the frame when the card is embedded elsewhere. */
  embedded?: boolean;
}

/** A compact picture of a case for other sites: who, status, games, methods and dates. */
export function ShareCard({ record, game, embedded }: ShareCardProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const games = game && record.games.includes(game) ? [game, ...record.games.filter((g) => g !== game)] : record.games;
  const href = `${location.origin}${casePath(record.originPersonaId)}`;
  return (
    <article className={styles.card} aria-label={t('share.cardLabel', { name: record.originName })}>
      <div className={styles.top}>
        <Avatar name={record.originName} src={record.avatarLink} size={56} square />
        <div className={styles.who}>
          <a className={styles.name} href={href} target={embedded ? '_blank' : undefined} rel="noopener">
            {record.originName}
          </a>
          <span className={styles.id}>{record.originPersonaId}</span>
          <StatusBadge status={record.status} />
        </div>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{t('case.games')}</dt>
          <dd>{games.length ? games.map((g) => g.toUpperCase()).join(' · ') : '—'}</dd>
        </div>
        <div>
          <dt>{t('case.cheatMethods')}</dt>
          <dd>{record.cheatMethods.length ? record.cheatMethods.map((m) => t(`cheatMethods.${m}`, { defaultValue: m })).join(', ') : t('case.noMethods')}</dd>
        </div>
        <div>
          <dt>{t('case.firstReport')}</dt>
          <dd>{format.date(record.createTime)}</dd>
        </div>
        <div>
          <dt>{t('case.lastUpdate')}</dt>
          <dd>{format.date(record.updateTime)}</dd>
        </div>
      </dl>
      <footer className={styles.brand}>
        <LogoMark size={16} />
        <span>{t('app.name')}</span>
        <span className={styles.counts}>{t('share.counts', { views: format.number(record.viewNum), replies: format.number(record.commentsNum) })}</span>
      </footer>
    </article>
  );
}
