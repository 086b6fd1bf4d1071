import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TimelineEntry } from '@shared/types/cases';
import { failAppeal, reviewAppeal } from '@client/api/judgement';
import { Button } from '@client/components/Button';
import { Dialog } from '@client/components/Dialog';
import { Icon } from '@client/components/Icon';
import { toast } from '@client/components/toast';
import { useUserInfo } from '@client/components/userCard/useUserInfo';
import { UserLink } from '@client/components/userCard/UserLink';
import { useDescribeAppealError } from './describe';
import styles from './Appeal.module.css';

function StaffName({ id }: { id: number }) {
  const { info } = useUserInfo(id, false, true);
  return (
    <UserLink id={id} className={styles.staffName}>
      {info?.username ?? `#${id}`}
    </UserLink>
  );
}

interface AppealReviewProps {
  entry: TimelineEntry;
  caseId: number;
  caseStatus: number;
  myId: number | undefined;
  /** The entry as the server answered after a change (it also arrives live). */
  onUpdated: (entry: TimelineEntry) => void;
}

type Busy = 'view' | 'lock' | 'open' | 'fail' | null;

/**
 * Staff tools on an appeal entry: who of the staff viewed it, mark it viewed, lock or unlock it,
 * fail it; accepting is a judgement (innocent, farm, invalid or suspect) from the panel.
 */
export function AppealReview({ entry, caseId, caseStatus, myId, onUpdated }: AppealReviewProps) {
  const { t } = useTranslation();
  const describe = useDescribeAppealError();
  const [busy, setBusy] = useState<Busy>(null);
  const [confirming, setConfirming] = useState(false);
  const state = entry.appealStatus ?? 'unprocessed';
  const viewers = entry.viewedAdmins ?? [];
  const viewed = myId !== undefined && viewers.includes(myId);
  const open = state === 'unprocessed' && caseStatus === 9;

  const run = async (what: Exclude<Busy, null>, action: () => Promise<unknown>, done: string) => {
    setBusy(what);
    try {
      const result = await action();
      if (what !== 'fail') onUpdated(result as TimelineEntry);
      toast.success(done);
      return true;
    } catch (error) {
      toast.error(describe(error));
      return false;
    } finally {
      setBusy(null);
    }
  };

  const fail = async () => {
    if (await run('fail', () => failAppeal(caseId), t('appeal.review.failed'))) setConfirming(false);
  };

  return (
    <div className={styles.review} role="group" aria-label={t('appeal.review.label')}>
      <p className={styles.viewers}>
        <Icon name="eye" size={14} />
        {viewers.length ? (
          <>
            <span>{t('appeal.review.viewedBy')}</span>
            {viewers.map((id, i) => (
              <span key={id}>
                <StaffName id={id} />
                {i < viewers.length - 1 ? ',' : ''}
              </span>
            ))}
          </>
        ) : (
          <span>{t('appeal.review.notViewed')}</span>
        )}
      </p>
      <div className={styles.reviewActions}>
        <Button size="sm" variant="secondary" disabled={viewed} loading={busy === 'view'} onClick={() => void run('view', () => reviewAppeal({ id: entry.id }), t('appeal.review.markedViewed'))}>
          <Icon name="check" size={14} />
          {viewed ? t('appeal.review.viewed') : t('appeal.review.markViewed')}
        </Button>
        {state === 'lock' ? (
          <Button size="sm" variant="secondary" loading={busy === 'open'} onClick={() => void run('open', () => reviewAppeal({ id: entry.id, status: 'open' }), t('appeal.review.unlocked'))}>
            <Icon name="lock" size={14} />
            {t('appeal.review.unlock')}
          </Button>
        ) : (
          <Button
            size="sm"
            variant="secondary"
            disabled={state !== 'unprocessed'}
            loading={busy === 'lock'}
            onClick={() => void run('lock', () => reviewAppeal({ id: entry.id, status: 'lock' }), t('appeal.review.locked'))}
          >
            <Icon name="lock" size={14} />
            {t('appeal.review.lock')}
          </Button>
        )}
        <Button size="sm" variant="danger" disabled={!open} loading={busy === 'fail'} onClick={() => setConfirming(true)}>
          <Icon name="xCircle" size={14} />
          {t('appeal.review.fail')}
        </Button>
      </div>
      {open && (
        <p className={styles.muted}>
          {t('appeal.review.acceptHint')} <a href="#judgement">{t('appeal.review.toPanel')}</a>
        </p>
      )}
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('appeal.review.failTitle')}
        footer={
          <>
            <Button onClick={() => setConfirming(false)}>{t('common.cancel')}</Button>
            <Button variant="danger" loading={busy === 'fail'} onClick={() => void fail()}>
              {t('appeal.review.failConfirm')}
            </Button>
          </>
        }
      >
        <p>{t('appeal.review.failText')}</p>
      </Dialog>
    </div>
  );
}
