import { useTranslation } from 'react-i18next';
import { getVerifications, type VerificationItem } from '@client/api/adminRecords';
import { Badge } from '@client/components/Badge';
import { DateTime } from '@client/components/DateTime';
import { UserLink } from '@client/components/userCard/UserLink';
import { AdminHeader } from '../AdminHeader';
import { RecordList } from './RecordList';
import type { FilterDef } from './recordQuery';
import styles from '@client/pages/shared/Admin.module.css';

const TYPES = ['register', 'binding', 'reset'] as const;

/** /admin/verifications — pending sign-up, binding and reset codes: who and when, never the code (R/D). */
export function VerificationsPage() {
  const { t } = useTranslation();
  const defs: FilterDef[] = [{ name: 'type', label: t('admin.records.type'), kind: 'select', options: TYPES.map((v) => ({ value: v, label: t(`admin.records.codeTypes.${v}`) })) }];
  return (
    <div className={`container ${styles.page}`}>
      <AdminHeader title={t('admin.records.verifications.title')} lead={t('admin.records.verifications.lead')} />
      <RecordList<VerificationItem>
        id="verifications"
        icon="key"
        defs={defs}
        load={getVerifications}
        keyOf={(v, i) => `${v.type}-${v.createTime}-${i}`}
        render={(v) => (
          <>
            <div className={styles.line}>
              <Badge tone="accent">{t(`admin.records.codeTypes.${v.type}`)}</Badge>
              {v.userId !== null ? <UserLink id={v.userId}>{v.username ?? `#${v.userId}`}</UserLink> : <strong>{v.username}</strong>}
              {v.originName && <span className={styles.id}>{v.originName}</span>}
            </div>
            <dl className={styles.facts}>
              <dt>{t('admin.records.created')}</dt>
              <dd>
                <DateTime value={v.createTime} />
              </dd>
              <dt>{t('admin.records.expires')}</dt>
              <dd>
                <DateTime value={v.expiresTime} />
              </dd>
            </dl>
          </>
        )}
      />
    </div>
  );
}
