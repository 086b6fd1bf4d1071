import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openAppUrl } from '@shared/companionApp';
import { Button } from '@client/components/Button';
import { Dialog } from '@client/components/Dialog';
import { Icon } from '@client/components/Icon';
import { QrCode } from '@client/components/QrCode';
import styles from './Actions.module.css';

/** A QR code of the address that opens the case in the companion app (with a web fallback), for a phone to scan. */
export function AppQrButton({ personaId, name }: { personaId: string; name: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const url = openAppUrl(location.origin, { screen: 'case', ouid: personaId });

  return (
    <>
      <Button iconOnly onClick={() => setOpen(true)} aria-label={t('case.qr.button')} title={t('case.qr.button')}>
        <Icon name="qr" size={16} />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={t('case.qr.title')}>
        <div className={styles.qr}>
          {open && <QrCode value={url} alt={t('case.qr.alt', { name })} />}
          <p>{t('case.qr.text')}</p>
          <a className={styles.qrLink} href={url}>
            {url}
          </a>
        </div>
      </Dialog>
    </>
  );
}
