import { useTranslation } from 'react-i18next';
import { casePath } from '@client/app/casePaths';
import { CopyField } from '@client/components/CopyField';
import { Dialog } from '@client/components/Dialog';
import { floorAnchor } from './pageQuery';
import styles from './Timeline.module.css';

/** An entry's address (`#floor-<id>`) and the code that links it from a reply (`{floor:<id>}`). */
export function EntryShareDialog({ entryId, personaId, onClose }: { entryId: number | null; personaId: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={entryId !== null} onClose={onClose} title={t('timeline.shareTitle', { id: entryId })}>
      {entryId !== null && (
        <div className={styles.shareBody}>
          <CopyField label={t('timeline.shareLink')} value={`${location.origin}${casePath(personaId)}#${floorAnchor(entryId)}`} />
          <CopyField label={t('timeline.shareCode')} value={`{floor:${entryId}}`} />
          <p className={styles.muted}>{t('timeline.shareCodeHint')}</p>
        </div>
      )}
    </Dialog>
  );
}
