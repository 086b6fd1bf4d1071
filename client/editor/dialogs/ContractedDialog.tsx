import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/Button';
import { Dialog } from '@client/components/Dialog';
import { SelectField, TextField } from '@client/components/Field';
import { useRefusalFocus } from '@client/forms/refusalFocus';
import { SegmentView } from '@client/richText/SegmentView';
import { TOKEN_ICONS } from '@client/richText/tokenIcons';
import { contractedSegment } from '@client/richText/tokens';
import { EDITOR_CONTRACTED_TYPES, ROUTER_PATH_MAX, SIGNATURE_MAX, type ContractedType } from '@shared/contracted';
import { PRIVILEGES } from '@shared/privileges';
import styles from '../Editor.module.css';

type EditorType = (typeof EDITOR_CONTRACTED_TYPES)[number];

interface ContractedDialogProps {
  open: boolean;
  onClose: () => void;
  onInsert: (type: ContractedType, value: string) => void;
}

/** The value a type starts with: the first choice of a list, else empty. */
const START: Record<EditorType, string> = { signature: '', player: '', icon: TOKEN_ICONS[0], router: '/', user: '', privilege: 'admin' };

/**
 * Contracted syntax (shared/contracted.ts): pick a type, fill its value, see what readers will see, insert.
 * Lists (privilege, icon) are native selects and the rest are text fields, so the whole dialog
 * works from the keyboard and at phone width.
 */
export function ContractedDialog({ open, onClose, onInsert }: ContractedDialogProps) {
  const { t } = useTranslation();
  const [type, setType] = useState<EditorType>('signature');
  const [value, setValue] = useState(START.signature);
  const [error, setError] = useState<string>();
  const { form, refused } = useRefusalFocus();
  const trimmed = value.trim();
  // What readers will see, or null while the value does not fit the type.
  const segment = contractedSegment(type, trimmed);

  const choose = (next: EditorType) => {
    setType(next);
    setValue(START[next]);
    setError(undefined);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The editor sits in the form it writes for: this submit is not that form's.
    e.stopPropagation();
    const problem = !trimmed ? t('validation.required') : !segment ? t('editor.contracted.invalid') : undefined;
    setError(problem);
    if (problem) return refused();
    onInsert(type, trimmed);
  };

  const hint = t(`editor.contracted.hints.${type}`, { max: SIGNATURE_MAX });
  const valueLabel = t('editor.contracted.value');

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('editor.contracted.title')}
      footer={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button variant="primary" type="submit" form="editor-contracted-form">
            {t('editor.insert')}
          </Button>
        </>
      }
    >
      <form ref={form} id="editor-contracted-form" className={styles.dialogForm} onSubmit={submit} noValidate>
        <SelectField
          label={t('editor.contracted.type')}
          value={type}
          onChange={choose}
          options={EDITOR_CONTRACTED_TYPES.map((v) => ({ value: v, label: t(`editor.contracted.types.${v}`) }))}
        />
        {type === 'privilege' ? (
          <SelectField label={valueLabel} hint={hint} value={value} onChange={setValue} options={PRIVILEGES.map((p) => ({ value: p, label: t(`privileges.${p}`) }))} />
        ) : type === 'icon' ? (
          <SelectField label={valueLabel} hint={hint} value={value} onChange={setValue} options={TOKEN_ICONS.map((i) => ({ value: i, label: t(`richText.icons.${i}`) }))} />
        ) : (
          <TextField
            label={valueLabel}
            hint={hint}
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setError(undefined);
            }}
            error={error}
            inputMode={type === 'user' || type === 'player' ? 'numeric' : type === 'router' ? 'url' : 'text'}
            maxLength={type === 'signature' ? SIGNATURE_MAX : type === 'router' ? ROUTER_PATH_MAX : 20}
            autoComplete="off"
            spellCheck={type === 'signature'}
            dir={type === 'signature' ? 'auto' : 'ltr'}
          />
        )}
        {segment && (
          // Inert: a link in the preview must not take the writer away from the draft.
          <div className={styles.contractedPreview} inert>
            <span className={styles.contractedPreviewLabel}>{t('editor.contracted.preview')}</span>
            <SegmentView segment={segment} floorHref={(id) => `#floor-${id}`} />
          </div>
        )}
      </form>
    </Dialog>
  );
}
