import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { JudgeAction } from '@shared/judgement';
import { Button } from '@client/components/Button';
import { Dialog } from '@client/components/Dialog';
import { SelectField, TextAreaField, TextField } from '@client/components/Field';
import { Icon } from '@client/components/Icon';
import { Notice } from '@client/components/Notice';
import { useFormat } from '@client/i18n/format';
import { deleteTemplate, saveTemplate, setTemplates, TEMPLATE_LIMITS, useTemplates, type Template, type TemplateDraft, type TemplateField, type TemplateKind, type TemplateProblem } from '@client/state/templates';
import { actionsFor } from './judgementRules';
import styles from './Judgement.module.css';

interface TemplatesDialogProps {
  kind: TemplateKind | null;
  onClose: () => void;
  /** The viewer's privileges: a judgement template offers only the actions they may use. */
  roles: readonly string[];
}

const EMPTY: TemplateDraft = { title: '', content: '', action: '' };

function TemplatesEditor({ kind, roles }: { kind: TemplateKind; roles: readonly string[] }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const list = useTemplates(kind);
  const [draft, setDraft] = useState<TemplateDraft>(EMPTY);
  const [editing, setEditing] = useState<string | null>(null);
  const [problems, setProblems] = useState<Partial<Record<TemplateField, TemplateProblem>>>({});

  const message = (field: TemplateField) => {
    const problem = problems[field];
    return problem ? t(`judgement.templates.errors.${problem}`, { count: TEMPLATE_LIMITS.count, title: TEMPLATE_LIMITS.titleMax, content: TEMPLATE_LIMITS.contentMax }) : undefined;
  };
  const change = (next: Partial<TemplateDraft>) => {
    setDraft((d) => ({ ...d, ...next }));
    setProblems({});
  };
  const reset = () => {
    setDraft(EMPTY);
    setEditing(null);
    setProblems({});
  };
  const edit = (template: Template) => {
    setDraft({ title: template.title, content: template.content, action: template.action ?? '' });
    setEditing(template.id);
    setProblems({});
  };
  const save = (e: FormEvent) => {
    e.preventDefault();
    // A dialog opened from a form bubbles its submit through that form in React's tree.
    e.stopPropagation();
    const result = saveTemplate(kind, list, draft, { editingId: editing ?? undefined, language: i18n.language });
    if (!result.ok) return setProblems(result.problems);
    setTemplates(kind, result.list);
    reset();
  };
  const remove = (id: string) => {
    setTemplates(kind, deleteTemplate(list, id));
    if (editing === id) reset();
  };
  const full = !editing && list.length >= TEMPLATE_LIMITS.count;

  return (
    <div className={styles.templates}>
      <p className={styles.muted}>{t('judgement.templates.count', { count: list.length, max: TEMPLATE_LIMITS.count })}</p>
      {list.length > 0 && (
        <ul className={styles.templateList}>
          {list.map((template) => (
            <li key={template.id} className={editing === template.id ? styles.templateEditing : undefined}>
              <div className={styles.templateText}>
                <strong>{template.title}</strong>
                {template.action && <span className={styles.muted}>{t(`judgement.actions.${template.action}`)}</span>}
                <span className={styles.templatePreview}>{template.content}</span>
              </div>
              <div className={styles.templateButtons}>
                <Button size="sm" variant="ghost" onClick={() => edit(template)} aria-label={t('judgement.templates.editNamed', { title: template.title })}>
                  <Icon name="edit" size={14} />
                </Button>
                <Button size="sm" variant="ghost" onClick={() => remove(template.id)} aria-label={t('judgement.templates.deleteNamed', { title: template.title })}>
                  <Icon name="trash" size={14} />
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <form className={styles.templateForm} onSubmit={save} noValidate aria-label={t(editing ? 'judgement.templates.editTitle' : 'judgement.templates.addTitle')}>
        <h3 className={styles.subTitle}>{t(editing ? 'judgement.templates.editTitle' : 'judgement.templates.addTitle')}</h3>
        {(problems.form || full) && <Notice tone="warning">{t('judgement.templates.errors.tooMany', { count: TEMPLATE_LIMITS.count })}</Notice>}
        <TextField
          label={t('judgement.templates.title')}
          value={draft.title}
          maxLength={TEMPLATE_LIMITS.titleMax + 20}
          onChange={(e) => change({ title: e.target.value })}
          error={message('title')}
          hint={t('judgement.templates.titleHint', { max: TEMPLATE_LIMITS.titleMax })}
          disabled={full}
        />
        {kind === 'judgement' && (
          <SelectField<JudgeAction | ''>
            label={t('judgement.action')}
            value={draft.action ?? ''}
            options={[{ value: '', label: t('judgement.chooseAction') }, ...actionsFor(roles).map((a) => ({ value: a, label: t(`judgement.actions.${a}`) }))]}
            onChange={(action) => change({ action })}
            error={message('action')}
            disabled={full}
          />
        )}
        <TextAreaField
          label={t('judgement.templates.content')}
          value={draft.content}
          rows={4}
          onChange={(e) => change({ content: e.target.value })}
          error={message('content')}
          hint={t('judgement.templates.contentHint', { length: format.number(draft.content.trim().length), max: format.number(TEMPLATE_LIMITS.contentMax) })}
          disabled={full}
        />
        <div className={styles.actions}>
          {editing && <Button onClick={reset}>{t('common.cancel')}</Button>}
          <Button type="submit" variant="primary" disabled={full}>
            <Icon name={editing ? 'check' : 'plus'} size={14} />
            {t(editing ? 'judgement.templates.save' : 'judgement.templates.add')}
          </Button>
        </div>
      </form>
    </div>
  );
}

/** Add, edit and delete the local templates of one kind (at most 10, unique titles of 100, contents of 500: `TEMPLATE_LIMITS`). */
export function TemplatesDialog({ kind, onClose, roles }: TemplatesDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={kind !== null} onClose={onClose} title={kind ? t(`judgement.templates.${kind}.title`) : ''}>
      {kind && <TemplatesEditor key={kind} kind={kind} roles={roles} />}
    </Dialog>
  );
}
