import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/Button';
import { TextField } from '@client/components/Field';
import type { ImageAddress } from './useImageAddress';
import styles from './UploadWidget.module.css';

/** The widget's "address" source: a picture from elsewhere and its alternative text. */
export function AddressSource({ address, alt, onAlt }: { address: ImageAddress; alt: string; onAlt: (alt: string) => void }) {
  const { t } = useTranslation();
  return (
    <form id="widget-url-form" className={styles.form} onSubmit={(e) => void address.submit(e)} noValidate>
      <TextField
        label={t('editor.image.src')}
        hint={t('editor.image.srcHint')}
        type="url"
        inputMode="url"
        value={address.address}
        onChange={(e) => address.setAddress(e.target.value)}
        error={address.error}
        placeholder="https://"
      />
      <TextField label={t('editor.image.alt')} value={alt} onChange={(e) => onAlt(e.target.value)} maxLength={200} />
      <Button variant="primary" type="submit" loading={address.checking}>
        {t('editor.insert')}
      </Button>
    </form>
  );
}
