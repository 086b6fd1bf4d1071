import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CaseRecord } from '@shared/types/cases';
import { Button } from '@client/components/Button';
import { CopyField } from '@client/components/CopyField';
import { Dialog } from '@client/components/Dialog';
import { Icon } from '@client/components/Icon';
import { usePreferences } from '@client/state/preferences';
import { shareLinks } from '../share/links';
import styles from './Actions.module.css';

/** Share a case: its link, an embed code for other sites, and its card page. */
export function ShareButton({ record }: { record: CaseRecord }) {
  const { t, i18n } = useTranslation();
  const { theme } = usePreferences();
  const [open, setOpen] = useState(false);
  const links = shareLinks(location.origin, record.originPersonaId, { theme, lang: i18n.language });
  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Icon name="share" size={16} />
        {t('case.share.button')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={t('case.share.title', { name: record.originName })}>
        <div className={styles.dialogBody}>
          <CopyField label={t('case.share.link')} value={links.page} />
          <CopyField label={t('case.share.embed')} value={links.embed(`${record.originName} · ${t('app.name')}`)} multiline />
          <Link to={links.imagePage} className={styles.cardLink} onClick={() => setOpen(false)}>
            <Icon name="image" size={16} />
            {t('case.share.card')}
          </Link>
        </div>
      </Dialog>
    </>
  );
}
