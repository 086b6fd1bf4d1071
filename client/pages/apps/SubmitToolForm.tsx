import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@shared/limits';
import { TOOL_TAGS, toolFields, toolLink, type ToolTag } from '@shared/schemas/tools';
import { submitTool } from '@client/api/tools';
import { useDescribeError } from '@client/api/describeError';
import { Button } from '@client/components/Button';
import { TextAreaField, TextField } from '@client/components/Field';
import { Notice } from '@client/components/Notice';
import { Checkbox } from '@client/components/Toggle';
import { toast } from '@client/components/toast';
import { placeError } from '@client/forms/placeError';
import { useRefusalFocus } from '@client/forms/refusalFocus';
import { hasErrors, validateFields, type FieldErrors } from '@client/forms/validate';
import styles from './AppsPage.module.css';

type Field = 'name' | 'description' | 'tags' | 'getUrl' | 'websiteUrl' | 'icon';
const EMPTY = { name: '', description: '', tags: [] as ToolTag[], getUrl: '', websiteUrl: '', icon: '' };
const optionalLink = toolLink.optional();

/** The "submit a tool" form: checked with the server's own schema, then queued for staff review. */
export function SubmitToolForm({ onSent }: { onSent: () => void }) {
  const { t } = useTranslation();
  const describe = useDescribeError();
  const [draft, setDraft] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { form, refused } = useRefusalFocus();
  const orUndefined = (v: string) => v.trim() || undefined;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found: FieldErrors<Field> = validateFields(t, {
      name: [toolFields.name, draft.name],
      description: [toolFields.description, draft.description],
    });
    if (draft.tags.length === 0) found.tags = t('tools.form.tagsRequired', { max: LIMITS.toolTagsMax });
    for (const f of ['getUrl', 'websiteUrl', 'icon'] as const) {
      if (!optionalLink.safeParse(orUndefined(draft[f])).success) found[f] = t('tools.form.linkRule');
    }
    if (!orUndefined(draft.getUrl) && !orUndefined(draft.websiteUrl)) found.getUrl = t('tools.form.linkRequired');
    setErrors(found);
    setFormError(null);
    if (hasErrors(found)) return refused();
    setBusy(true);
    try {
      await submitTool({ name: draft.name, description: draft.description, tags: draft.tags, getUrl: orUndefined(draft.getUrl), websiteUrl: orUndefined(draft.websiteUrl), icon: orUndefined(draft.icon) });
      toast.success(t('tools.form.sent'));
      setDraft(EMPTY);
      onSent();
    } catch (error) {
      const placed = placeError<Field>(error, describe(error), ['name', 'description', 'tags', 'getUrl', 'websiteUrl', 'icon']);
      setErrors(placed.fields);
      setFormError(placed.form ?? null);
      refused();
    } finally {
      setBusy(false);
    }
  };

  const toggleTag = (tag: ToolTag) =>
    setDraft((d) => ({ ...d, tags: d.tags.includes(tag) ? d.tags.filter((x) => x !== tag) : d.tags.length < LIMITS.toolTagsMax ? [...d.tags, tag] : d.tags }));

  return (
    <form ref={form} className={styles.form} onSubmit={submit} noValidate aria-label={t('tools.form.title')}>
      {formError && <Notice tone="danger">{formError}</Notice>}
      <TextField label={t('tools.form.name')} maxLength={LIMITS.toolNameMax} value={draft.name} error={errors.name} onChange={(e) => setDraft((d) => ({ ...d, name: e.target.value }))} />
      <TextAreaField
        label={t('tools.form.description')}
        hint={t('tools.form.descriptionHint', { min: LIMITS.toolDescriptionMin, max: LIMITS.toolDescriptionMax })}
        rows={3}
        maxLength={LIMITS.toolDescriptionMax}
        value={draft.description}
        error={errors.description}
        onChange={(e) => setDraft((d) => ({ ...d, description: e.target.value }))}
      />
      <fieldset className={styles.tagPicker} aria-describedby={errors.tags ? 'tool-tags-error' : undefined}>
        <legend>{t('tools.form.tags', { max: LIMITS.toolTagsMax })}</legend>
        <div className={styles.tagOptions}>
          {TOOL_TAGS.map((tag) => (
            <Checkbox key={tag} label={t(`tools.tag.${tag}`)} checked={draft.tags.includes(tag)} onChange={() => toggleTag(tag)} />
          ))}
        </div>
        {errors.tags && (
          <p className={styles.fieldError} id="tool-tags-error">
            {errors.tags}
          </p>
        )}
      </fieldset>
      <TextField label={t('tools.form.getUrl')} hint={t('tools.form.linkHint')} inputMode="url" spellCheck={false} value={draft.getUrl} error={errors.getUrl} onChange={(e) => setDraft((d) => ({ ...d, getUrl: e.target.value }))} />
      <TextField label={t('tools.form.websiteUrl')} inputMode="url" spellCheck={false} value={draft.websiteUrl} error={errors.websiteUrl} onChange={(e) => setDraft((d) => ({ ...d, websiteUrl: e.target.value }))} />
      <TextField label={t('tools.form.icon')} hint={t('tools.form.iconHint')} inputMode="url" spellCheck={false} value={draft.icon} error={errors.icon} onChange={(e) => setDraft((d) => ({ ...d, icon: e.target.value }))} />
      <div>
        <Button type="submit" variant="primary" loading={busy}>
          {t('tools.form.submit')}
        </Button>
      </div>
    </form>
  );
}
