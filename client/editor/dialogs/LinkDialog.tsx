import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/Button';
import { Dialog } from '@client/components/Dialog';
import { TextField } from '@client/components/Field';
import { useRefusalFocus } from '@client/forms/refusalFocus';
import { LINK_TEXT_MAX, LINK_URL } from '../rules';
import styles from '../Editor.module.css';

interface LinkDialogProps {
  open: boolean;
  initialText: string;
  onClose: () => void;
  onInsert: (url: string, text: string) => void;
}

/** Address (required, ftp/http/https) and text (optional, up to 1000 characters) of a link. */
export function LinkDialog({ open, initialText, onClose, onInsert }: LinkDialogProps) {
  const { t } = useTranslation();
  const [url, setUrl] = useState('');
  const [text, setText] = useState(initialText);
  const [errors, setErrors] = useState<{ url?: string; text?: string }>({});
  const { form, refused } = useRefusalFocus();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The editor sits in the form it writes for: this submit is not that form's.
    e.stopPropagation();
    const next = {
      url: !url.trim() ? t('validation.required') : LINK_URL.test(url.trim()) ? undefined : t('editor.link.badUrl'),
      text: text.length > LINK_TEXT_MAX ? t('validation.tooLong', { count: LINK_TEXT_MAX }) : undefined,
    };
    setErrors(next);
    if (next.url || next.text) return refused();
    onInsert(url.trim(), text.trim());
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('editor.link.title')}
      footer={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button variant="primary" type="submit" form="editor-link-form">
            {t('editor.insert')}
          </Button>
        </>
      }
    >
      <form ref={form} id="editor-link-form" className={styles.dialogForm} onSubmit={submit} noValidate>
        <TextField label={t('editor.link.url')} type="url" inputMode="url" value={url} onChange={(e) => setUrl(e.target.value)} error={errors.url} placeholder="https://" />
        <TextField label={t('editor.link.text')} hint={t('editor.link.textHint')} value={text} onChange={(e) => setText(e.target.value)} error={errors.text} maxLength={LINK_TEXT_MAX + 1} />
      </form>
    </Dialog>
  );
}
