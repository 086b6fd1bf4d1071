import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaseRecord } from '@shared/types/cases';
import { refreshPlayer } from '@client/api/cases';
import { Button } from '@client/components/Button';
import { Icon } from '@client/components/Icon';
import { toast } from '@client/components/toast';
import { useShowError } from '@client/components/useShowError';

/** Asks the platform for the account's current name and avatar (signed-in users). */
export function RefreshButton({ record, onRefreshed }: { record: CaseRecord; onRefreshed: (record: CaseRecord) => void }) {
  const { t } = useTranslation();
  const showError = useShowError();
  const [busy, setBusy] = useState(false);
  const refresh = async () => {
    setBusy(true);
    try {
      const next = await refreshPlayer({ personaId: record.originPersonaId });
      onRefreshed(next);
      toast.success(next.originName === record.originName ? t('case.refreshedSame') : t('case.refreshedRenamed', { name: next.originName }));
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button loading={busy} onClick={() => void refresh()} title={t('case.refreshHint')}>
      {!busy && <Icon name="refresh" size={16} />}
      {t('case.refresh')}
    </Button>
  );
}
