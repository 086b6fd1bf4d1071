import { useTranslation } from 'react-i18next';
import type { CaseViewer } from '@shared/socket';
import type { VoteTally } from '@shared/types/cases';
import { Avatar } from '@client/components/Avatar';
import { Card } from '@client/components/Card';
import { otherViewers } from '@client/realtime/caseViewers';
import { tallyLine } from './judgementRules';
import styles from './Judgement.module.css';

interface StaffPanelProps {
  /** Staff on the page now, or null until the server said. */
  viewers: readonly CaseViewer[] | null;
  myId: number | undefined;
  tally: VoteTally | null;
  status: number;
}

/** Staff judging together (presence in the case's room, `case:viewers`): who else of the staff is on this case, and the votes towards confirming it. */
export function StaffPanel({ viewers, myId, tally, status }: StaffPanelProps) {
  const { t } = useTranslation();
  const others = viewers ? otherViewers(viewers, myId) : [];
  const line = tallyLine(tally, status);
  return (
    <Card title={t('judgement.staff.title')} id="staff-presence">
      <div className={styles.staff}>
        <section aria-label={t('judgement.staff.viewersLabel')}>
          <p className={styles.sectionLabel}>{t('judgement.staff.viewersLabel')}</p>
          <div aria-live="polite">
            {viewers === null ? (
              <p className={styles.muted}>{t('judgement.staff.unknown')}</p>
            ) : others.length === 0 ? (
              <p className={styles.muted}>{t('judgement.staff.alone')}</p>
            ) : (
              <ul className={styles.viewers}>
                {others.map((v) => (
                  <li key={v.id} className={styles.viewer}>
                    <Avatar name={v.username} size={20} />
                    <span>{v.username || `#${v.id}`}</span>
                    <span className={styles.viewerDot} aria-hidden />
                  </li>
                ))}
              </ul>
            )}
          </div>
        </section>
        {line && (
          <section className={styles.tally} aria-label={t('judgement.staff.votesLabel')}>
            <p className={styles.sectionLabel}>{t('judgement.staff.votesLabel')}</p>
            <p className={styles.tallyText}>
              {t('judgement.tally', { count: line.count, needed: line.needed })}
            </p>
            <div className={styles.meter} aria-hidden>
              {Array.from({ length: line.needed }, (_, i) => (
                <span key={i} className={i < line.count ? styles.cast : undefined} />
              ))}
            </div>
            {line.voters.length > 0 && <p className={styles.muted}>{t('judgement.staff.votedBy', { names: line.voters.join(', ') })}</p>}
          </section>
        )}
      </div>
    </Card>
  );
}
