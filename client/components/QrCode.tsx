import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from './Spinner';
import styles from './QrCode.module.css';

/** A QR code of `value`, drawn in the browser (the `qrcode` module loads the first time one is shown). */
export function QrCode({ value, alt, size = 240 }: { value: string; alt: string; size?: number }) {
  const { t } = useTranslation();
  const [image, setImage] = useState<{ value: string; data: string } | null>(null);

  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((qr) => qr.toDataURL(value, { margin: 1, width: size * 2, errorCorrectionLevel: 'M' }))
      .then((data) => live && setImage({ value, data }));
    return () => {
      live = false;
    };
  }, [value, size]);

  if (image?.value !== value)
    return (
      <div className={styles.placeholder} style={{ width: size, height: size }}>
        <Spinner size={28} label={t('common.loading')} />
      </div>
    );
  return <img className={styles.image} src={image.data} alt={alt} width={size} height={size} data-qr-value={value} />;
}
