import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { casePath } from '@client/app/casePaths';
import { Button } from '@client/components/Button';
import { Dialog } from '@client/components/Dialog';
import { Icon } from '@client/components/Icon';
import { Spinner } from '@client/components/Spinner';
import styles from './Actions.module.css';

/** A QR code of the case's address, for opening it in the companion app on a phone. */
export function AppQrButton({ personaId, name }: { personaId: string; name: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [image, setImage] = useState<string | null>(null);
  const url = `${location.origin}${casePath(personaId)}`;

  useEffect(() => {
    if (!open || image) return;
    let live = true;
    void import('qrcode')
      .then((qr) => qr.toDataURL(url, { margin: 1, width: 480, errorCorrectionLevel: 'M' }))
      .then((data) => live && setImage(data));
    return () => {
      live = false;
    };
  }, [open, image, url]);

  return (
    <>
      <Button iconOnly onClick={() => setOpen(true)} aria-label={t('case.qr.button')} title={t('case.qr.button')}>
        <Icon name="qr" size={16} />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={t('case.qr.title')}>
        <div className={styles.qr}>
          {image ? (
            <img src={image} alt={t('case.qr.alt', { name })} width={240} height={240} />
          ) : (
            <div className={styles.qrPlaceholder}>
              <Spinner size={28} label={t('common.loading')} />
            </div>
          )}
          <p>{t('case.qr.text')}</p>
        </div>
      </Dialog>
    </>
  );
}
