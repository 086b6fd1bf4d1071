import { useTranslation } from 'react-i18next';
import { Badge, type Tone } from '@client/components/Badge';
import { Icon } from '@client/components/Icon';
import styles from './CaseBoardIllustration.module.css';

const ROWS: ReadonlyArray<{ status: string; tone: Tone; widths: [string, string] }> = [
  { status: 'confirmed', tone: 'danger', widths: ['62%', '40%'] },
  { status: 'discussing', tone: 'warning', widths: ['48%', '70%'] },
  { status: 'unprocessed', tone: 'neutral', widths: ['70%', '35%'] },
];

/** A drawing of a case board (no real data): statuses, a live marker and an admin vote in progress. */
export function CaseBoardIllustration() {
  const { t } = useTranslation();
  return (
    <div className={styles.board} aria-hidden>
      <div className={styles.top}>
        <span>{t('home.illustration.title')}</span>
        <span className={styles.live}>{t('home.illustration.live')}</span>
      </div>
      {ROWS.map((row) => (
        <div key={row.status} className={styles.row}>
          <span className={styles.face}>
            <Icon name="user" size={18} />
          </span>
          <span className={styles.lines}>
            <span className={styles.line} style={{ width: row.widths[0] }} />
            <span className={styles.line} style={{ width: row.widths[1] }} />
          </span>
          <Badge tone={row.tone}>{t(`caseStatus.${row.status}`)}</Badge>
        </div>
      ))}
      <div className={styles.votes}>
        <Icon name="scale" size={14} />
        <span>{t('home.illustration.votes')}</span>
        <span className={styles.voteBar}>
          <span />
        </span>
      </div>
    </div>
  );
}
