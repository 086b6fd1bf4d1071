import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/Button';
import { Dialog } from '@client/components/Dialog';
import { TextField } from '@client/components/Field';
import { IMAGE_URL } from '../rules';
import styles from '../Editor.module.css';

interface ImageDialogProps {
  open: boolean;
  onClose: () => void;
  onInsert: (src: string, alt: string) => void;
}

type Check = 'idle' | 'checking' | 'failed';

/** Loads the picture before inserting it, so a dead address is caught here (spec §5: images are checked). */
function probe(src: string) {
  return new Promise<boolean>((resolve) => {
    const img = new Image();
    img.referrerPolicy = 'no-referrer';
    img.onload = () => resolve(true);
    img.onerror = () => resolve(false);
    img.src = src;
  });
}

/** The address (required, http/https) and description of an image. */
export function ImageDialog({ open, onClose, onInsert }: ImageDialogProps) {
  const { t } = useTranslation();
  const [src, setSrc] = useState('');
  const [alt, setAlt] = useState('');
  const [error, setError] = useState<string>();
  const [check, setCheck] = useState<Check>('idle');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // The editor sits in the form it writes for: this submit is not that form's.
    e.stopPropagation();
    const value = src.trim();
    const problem = !value ? t('validation.required') : IMAGE_URL.test(value) ? undefined : t('editor.image.badUrl');
    setError(problem);
    if (problem) return;
    setCheck('checking');
    const loads = await probe(value);
    setCheck(loads ? 'idle' : 'failed');
    if (loads) onInsert(value, alt.trim());
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('editor.image.title')}
      footer={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          {check === 'failed' && (
            <Button onClick={() => onInsert(src.trim(), alt.trim())}>{t('editor.image.insertAnyway')}</Button>
          )}
          <Button variant="primary" type="submit" form="editor-image-form" loading={check === 'checking'}>
            {t('editor.insert')}
          </Button>
        </>
      }
    >
      <form id="editor-image-form" className={styles.dialogForm} onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label={t('editor.image.src')}
          hint={t('editor.image.srcHint')}
          type="url"
          inputMode="url"
          value={src}
          onChange={(e) => {
            setSrc(e.target.value);
            setCheck('idle');
          }}
          error={error ?? (check === 'failed' ? t('editor.image.notLoading') : undefined)}
          placeholder="https://"
          autoFocus
        />
        <TextField label={t('editor.image.alt')} value={alt} onChange={(e) => setAlt(e.target.value)} maxLength={200} />
      </form>
    </Dialog>
  );
}
