import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@shared/limits';
import type { CaseRecord } from '@shared/types/cases';
import { getFollowed, unfollow } from '@client/api/subscriptions';
import { Button, ButtonLink } from '@client/components/Button';
import { Card } from '@client/components/Card';
import { CaseTable, CaseTableSkeleton } from '@client/components/cases/CaseTable';
import { EmptyState } from '@client/components/EmptyState';
import { Notice } from '@client/components/Notice';
import { Pager } from '@client/components/Pager';
import { usePagerFocus } from '@client/components/usePagerFocus';
import { RemoteList } from '@client/components/RemoteList';
import { toast } from '@client/components/toast';
import { useRemote } from '@client/hooks/useRemote';
import { useFormat } from '@client/i18n/format';
import { SectionHeader } from '../SectionHeader';
import styles from './SubscribesPage.module.css';
import { useShowError } from '@client/components/useShowError';

/** /profile/subscribes — the cases I follow (at most 100), newest follow first, with a way to stop. */
export function SubscribesPage() {
  const { t } = useTranslation();
  const showError = useShowError();
  const format = useFormat();
  const [params] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const size = LIMITS.pageDefault;
  const remote = useRemote(String(page), () => getFollowed(page - 1, size));
  const [busy, setBusy] = useState<number | null>(null);

  const stop = async (record: CaseRecord) => {
    setBusy(record.id);
    try {
      await unfollow(record.id);
      toast.success(t('case.unfollowed'));
      remote.reload();
    } catch (error) {
      showError(error);
    } finally {
      setBusy(null);
    }
  };

  const total = remote.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / size));
  const pager = usePagerFocus(page, pageCount, remote.state === 'ready');
  return (
    <>
      <SectionHeader
        title={t('profile.section.subscribes')}
        description={remote.state === 'ready' ? t('profile.subscribesCount', { count: total, formatted: format.number(total), max: LIMITS.subscriptionsMax }) : t('profile.subscribesDescription')}
      />
      {remote.state === 'ready' && total >= LIMITS.subscriptionsMax && (
        <Notice tone="warning" title={t('profile.subscribesFull', { max: LIMITS.subscriptionsMax })}>
          {t('profile.subscribesFullText')}
        </Notice>
      )}
      <Card flush>
        <div {...pager.region(t('profile.section.subscribes'))}>
          <RemoteList
            remote={remote}
            items={remote.data?.data ?? []}
            failedTitle={t('profile.subscribesFailed')}
            skeleton={<CaseTableSkeleton rows={5} />}
            keepOnReload
            empty={
              <EmptyState icon="bookmark" title={t('profile.noSubscribes')} action={<ButtonLink to="/player">{t('nav.players')}</ButtonLink>}>
                {t('profile.noSubscribesText')}
              </EmptyState>
            }
          >
            {(items) => (
              <CaseTable
                items={items}
                caption={t('profile.section.subscribes')}
                note={(record) => (
                  <Button variant="ghost" size="sm" className={styles.stop} loading={busy === record.id} onClick={() => void stop(record)}>
                    {t('profile.unfollow')}
                  </Button>
                )}
              />
            )}
          </RemoteList>
        </div>
      </Card>
      {remote.state === 'ready' && <Pager page={page} pageCount={pageCount} to={(p) => (p > 1 ? `?page=${p}` : '.')} label={t('profile.subscribesPages')} onGo={pager.go} />}
    </>
  );
}
