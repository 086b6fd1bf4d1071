import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaseRecord } from '@shared/types/cases';
import { Avatar } from '@client/components/Avatar';
import { Badge } from '@client/components/Badge';
import { DateTime } from '@client/components/DateTime';
import { StatusBadge } from '@client/components/StatusBadge';
import { useFormat } from '@client/i18n/format';
import styles from './CaseHeader.module.css';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.fact}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Who the case is about and where it stands: name, ids, status, games, methods, counts and times. */
export function CaseHeader({ record, actions }: { record: CaseRecord; actions: ReactNode }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <section className={styles.header} aria-labelledby="case-name">
      <div className={styles.identity}>
        <Avatar name={record.originName} src={record.avatarLink} size={72} square />
        <div className={styles.titleBlock}>
          <h1 id="case-name" className={styles.name}>
            {record.originName}
          </h1>
          <div className={styles.badges}>
            <StatusBadge status={record.status} />
            {record.hackerLevel !== null && <Badge tone="danger">{t('case.hackerLevel', { level: record.hackerLevel })}</Badge>}
            {record.appealStatus && <Badge tone="accent">{t(`case.appeal.${record.appealStatus}`, { defaultValue: record.appealStatus })}</Badge>}
          </div>
        </div>
        <div className={styles.actions}>{actions}</div>
      </div>
      <dl className={styles.facts}>
        <Fact label={t('case.personaId')}>
          <code>{record.originPersonaId}</code>
        </Fact>
        <Fact label={t('case.userId')}>
          <code>{record.originUserId}</code>
        </Fact>
        <Fact label={t('case.games')}>
          {record.games.length ? record.games.map((g) => t(`games.${g}`, { defaultValue: g.toUpperCase() })).join(', ') : '—'}
        </Fact>
        <Fact label={t('case.cheatMethods')}>
          {record.cheatMethods.length ? record.cheatMethods.map((m) => t(`cheatMethods.${m}`, { defaultValue: m })).join(', ') : t('case.noMethods')}
        </Fact>
        <Fact label={t('case.firstReport')}>
          <DateTime value={record.createTime} />
        </Fact>
        <Fact label={t('case.lastUpdate')}>
          <DateTime value={record.updateTime} />
        </Fact>
        <Fact label={t('cases.views')}>{format.number(record.viewNum)}</Fact>
        <Fact label={t('cases.replies')}>{format.number(record.commentsNum)}</Fact>
      </dl>
    </section>
  );
}
