import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@shared/limits';
import type { CaseRecord } from '@shared/types/cases';
import { ApiError } from '@client/api/ApiError';
import type { UploadedFile } from '@client/api/files';
import { fileAppeal, type AppealTypeChoice } from '@client/api/judgement';
import { Button } from '@client/components/Button';
import { TextField } from '@client/components/Field';
import { Icon } from '@client/components/Icon';
import { Notice } from '@client/components/Notice';
import { RichEditor } from '@client/editor/RichEditor';
import { placeError } from '@client/forms/placeError';
import { useRefusalFocus } from '@client/forms/refusalFocus';
import { APPEAL_CHOICES, appealPayload, appealProblems, EMPTY_APPEAL, type AppealDraft, type AppealField } from './appealRules';
import { useDescribeAppealError } from './describe';
import { MossUpload } from './MossUpload';
import fieldStyles from '@client/components/Field.module.css';
import styles from './Appeal.module.css';

const FIELDS: AppealField[] = ['appealType', 'content', 'btrLink', 'videoLink', 'moss'];

interface AppealFormProps {
  record: CaseRecord;
  /** The appeal is filed: its entry id. */
  onFiled: (entryId: number) => void;
}

/** The appeal, on the case page: its type, the archive for MOSS, the text and links. */
export function AppealForm({ record, onFiled }: AppealFormProps) {
  const { t } = useTranslation();
  const describe = useDescribeAppealError();
  const [draft, setDraft] = useState<AppealDraft>(EMPTY_APPEAL);
  const [archive, setArchive] = useState<UploadedFile | null>(null);
  const [checked, setChecked] = useState(false);
  const [server, setServer] = useState<{ fields: Partial<Record<AppealField, string>>; form?: string }>({ fields: {} });
  const [busy, setBusy] = useState(false);
  const { form, refused } = useRefusalFocus();

  const problems = appealProblems(draft);
  const errorOf = (field: AppealField) =>
    server.fields[field] ?? (checked && problems[field] ? t(`appeal.errors.${problems[field]}`, { max: LIMITS.appealMax }) : undefined);
  const set = <K extends keyof AppealDraft>(key: K, value: AppealDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setServer((s) => ({ ...s, fields: { ...s.fields, [key === 'mossDownloadUrl' ? 'moss' : key]: undefined } }));
  };
  const chooseArchive = (file: UploadedFile | null) => {
    setArchive(file);
    set('mossDownloadUrl', file?.downloadURL ?? '');
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    if (Object.keys(problems).length) return refused();
    setBusy(true);
    setServer({ fields: {} });
    try {
      const done = await fileAppeal(appealPayload(draft, record.id, location.origin));
      onFiled(done.id);
    } catch (error) {
      const message = describe(error);
      // The server refuses an archive without the MOSS log with the appeal itself.
      const aboutArchive = draft.appealType === 'moss' && error instanceof ApiError && error.code === 'banAppeal.bad' && /zip|logfile|archive/i.test(String(error.detail));
      setServer(aboutArchive ? { fields: { moss: t('appeal.moss.notZip') } } : placeError<AppealField>(error, message, FIELDS));
      setBusy(false);
      refused();
    }
  };

  return (
    <form ref={form} className={styles.form} onSubmit={(e) => void submit(e)} noValidate aria-label={t('appeal.formLabel')}>
      {server.form && <Notice tone="danger">{server.form}</Notice>}
      <fieldset className={fieldStyles.fieldset}>
        <legend className={fieldStyles.legend}>{t('appeal.type')}</legend>
        <div className={styles.types}>
          {APPEAL_CHOICES.map((type) => (
            <label key={type} className={styles.type}>
              <input type="radio" name="appealType" value={type} checked={draft.appealType === type} onChange={() => set('appealType', type as AppealTypeChoice)} disabled={busy} />
              <span>
                <strong>{t(`appeal.types.${type}`)}</strong>
                <small>{t(`appeal.typeHints.${type}`)}</small>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {draft.appealType === 'moss' && <MossUpload value={archive} onChange={chooseArchive} error={errorOf('moss')} disabled={busy} />}
      <RichEditor
        label={t('appeal.content')}
        placeholder={t('appeal.contentPlaceholder')}
        hint={t('appeal.contentHint')}
        maxLength={LIMITS.appealMax}
        onChange={(html) => set('content', html)}
        error={errorOf('content')}
        disabled={busy}
      />
      <div className={styles.pair}>
        <TextField
          label={t('appeal.links.btrLink')}
          type="url"
          inputMode="url"
          placeholder="https://"
          value={draft.btrLink}
          onChange={(e) => set('btrLink', e.target.value)}
          hint={t('appeal.btrHint')}
          error={errorOf('btrLink')}
          disabled={busy}
        />
        <TextField
          label={t('appeal.links.videoLink')}
          type="url"
          inputMode="url"
          placeholder="https://"
          value={draft.videoLink}
          onChange={(e) => set('videoLink', e.target.value)}
          hint={t('appeal.videoHint')}
          error={errorOf('videoLink')}
          disabled={busy}
        />
      </div>
      <Notice tone="info" title={t('appeal.rules.title')}>
        <ul className={styles.rules}>
          <li>{t('appeal.rules.recording')}</li>
          <li>{t('appeal.rules.invalid')}</li>
          <li>{t('appeal.rules.once')}</li>
        </ul>
      </Notice>
      <div className={styles.actions}>
        <Button type="submit" variant="primary" loading={busy}>
          <Icon name="scale" size={16} />
          {t('appeal.submit')}
        </Button>
      </div>
    </form>
  );
}
