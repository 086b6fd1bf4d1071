import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '@client/components/Notice';
import { storageWorks } from '@client/state/localStore';

/** The local sections' error state: this browser keeps nothing, so changes last for this page only. */
export function LocalOnlyNotice() {
  const { t } = useTranslation();
  const [works] = useState(storageWorks);
  if (works) return null;
  return (
    <Notice tone="warning" title={t('localData.storageBlocked')}>
      {t('localData.storageBlockedText')}
    </Notice>
  );
}
