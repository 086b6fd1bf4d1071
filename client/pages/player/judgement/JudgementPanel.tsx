import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { JudgeAction } from '@shared/judgement';
import { useLocalFlags } from '@client/state/localFlags';
import { LIMITS } from '@shared/limits';
import type { CaseRecord } from '@shared/types/cases';
import { judge, type JudgementResult } from '@client/api/judgement';
import { Button } from '@client/components/Button';
import { Card } from '@client/components/Card';
import { SelectField } from '@client/components/Field';
import { Icon } from '@client/components/Icon';
import { Notice } from '@client/components/Notice';
import { useStatusName } from '@client/components/StatusBadge';
import { toast } from '@client/components/toast';
import type { EditorController } from '@client/editor/plugins';
import { RichEditor } from '@client/editor/RichEditor';
import { placeError } from '@client/forms/placeError';
import { useRefusalFocus } from '@client/forms/refusalFocus';
import type { Template, TemplateKind } from '@client/state/templates';
import { CheatMethodsField } from '../../report/CheatMethodsField';
import { useDescribeJudgementError } from '../appeal/describe';
import { HackerLevelField } from './HackerLevelField';
import { actionsFor, EMPTY_JUDGEMENT, judgementFields, verdictHint, judgementPayload, judgementProblems, type JudgementDraft, type JudgementField } from './judgementRules';
import { TemplateMenu } from './TemplateMenu';
import { TemplatesDialog } from './TemplatesDialog';
import fieldStyles from '@client/components/Field.module.css';
import styles from './Judgement.module.css';

const FIELDS: JudgementField[] = ['action', 'cheatMethods', 'hackerLevel', 'content'];

interface JudgementPanelProps {
  record: CaseRecord;
  roles: readonly string[];
  /** The verdict was recorded: the status it led to (the case itself also arrives live). */
  onJudged: (result: JudgementResult) => void;
}

/**
 * The judgement form of admins: the action (kill for super and root only), cheat methods
 * for guilt and kill, the threat level once methods are chosen, and the reasoning; with the
 * staff's local templates.
 */
export function JudgementPanel({ record, roles, onJudged }: JudgementPanelProps) {
  const { t } = useTranslation();
  const describe = useDescribeJudgementError();
  const statusName = useStatusName();
  const editor = useRef<EditorController | null>(null);
  const [draft, setDraft] = useState<JudgementDraft>(EMPTY_JUDGEMENT);
  const [checked, setChecked] = useState(false);
  const [server, setServer] = useState<{ fields: Partial<Record<JudgementField, string>>; form?: string }>({ fields: {} });
  const [busy, setBusy] = useState(false);
  const [managing, setManaging] = useState<TemplateKind | null>(null);
  const { form, refused } = useRefusalFocus();

  const fields = judgementFields(draft);
  const problems = judgementProblems(draft, roles, record.id);
  const errorOf = (field: JudgementField) => server.fields[field] ?? (checked && problems[field] ? t(`judgement.errors.${problems[field]}`, { min: LIMITS.judgementMin, max: LIMITS.judgementMax }) : undefined);
  const set = (next: Partial<JudgementDraft>) => {
    setDraft((d) => {
      const merged = { ...d, ...next };
      // The level goes with the methods: no methods, no level.
      return judgementFields(merged).hackerLevel ? merged : { ...merged, hackerLevel: null };
    });
    setServer({ fields: {} });
  };

  const pickJudgement = (template: Template) => {
    if (template.action && actionsFor(roles).includes(template.action)) set({ action: template.action });
    editor.current?.insertText(template.content, true);
  };
  const pickFastReply = (template: Template) => editor.current?.insertText(template.content);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    if (Object.keys(problems).length) return refused();
    setBusy(true);
    setServer({ fields: {} });
    try {
      const result = await judge(judgementPayload(draft, record.id));
      editor.current?.clear();
      setDraft(EMPTY_JUDGEMENT);
      setChecked(false);
      onJudged(result);
      toast.success(t('judgement.success', { status: statusName(result.nextstate) }));
    } catch (error) {
      setServer(placeError<JudgementField>(error, describe(error), FIELDS, { 'judgement.spam': 'content', 'judgement.bad': 'content' }));
      refused();
    } finally {
      setBusy(false);
    }
  };

  const appeal = record.status === 9;
  const locked = record.appealStatus === 'lock';
  const { judgementTip } = useLocalFlags();
  const actionHint = (action: JudgeAction | '') => {
    const hint = verdictHint(action, { appeal, tips: judgementTip });
    return hint ? t(hint.key, hint.status === undefined ? {} : { status: statusName(hint.status) }) : undefined;
  };

  return (
    <Card id="judgement" title={t('judgement.title')} description={t('judgement.lead')}>
      <form ref={form} className={fieldStyles.form} onSubmit={(e) => void submit(e)} noValidate aria-labelledby="judgement-title">
        <div className={styles.toolbar}>
          <TemplateMenu kind="judgement" onPick={pickJudgement} onManage={() => setManaging('judgement')} />
          <TemplateMenu kind="fastReply" onPick={pickFastReply} onManage={() => setManaging('fastReply')} />
        </div>
        {appeal && <Notice tone="info">{t('judgement.underAppeal')}</Notice>}
        {locked && <Notice tone="warning">{t('judgement.lockedAppeal')}</Notice>}
        {(server.form || errorOf('form')) && <Notice tone="danger">{server.form ?? errorOf('form')}</Notice>}
        <SelectField<JudgeAction | ''>
          label={t('judgement.action')}
          value={draft.action}
          options={[{ value: '', label: t('judgement.chooseAction') }, ...actionsFor(roles).map((a) => ({ value: a, label: t(`judgement.actions.${a}`) }))]}
          onChange={(action) => set({ action })}
          hint={actionHint(draft.action)}
          error={errorOf('action')}
          disabled={busy}
        />
        {fields.cheatMethods && (
          <CheatMethodsField label={t('judgement.cheatMethods')} value={draft.cheatMethods} onChange={(cheatMethods) => set({ cheatMethods })} error={errorOf('cheatMethods')} />
        )}
        {fields.hackerLevel && <HackerLevelField value={draft.hackerLevel} onChange={(hackerLevel) => set({ hackerLevel })} error={errorOf('hackerLevel')} disabled={busy} />}
        <RichEditor
          label={t('judgement.content')}
          placeholder={t('judgement.contentPlaceholder')}
          hint={t('judgement.contentHint')}
          maxLength={LIMITS.judgementMax}
          onChange={(content) => set({ content })}
          error={errorOf('content')}
          disabled={busy}
          controllerRef={editor}
        />
        <div className={styles.actions}>
          <p className={styles.rules}>{t('judgement.rules')}</p>
          <Button type="submit" variant="primary" loading={busy} disabled={locked}>
            <Icon name="scale" size={16} />
            {t('judgement.submit')}
          </Button>
        </div>
      </form>
      <TemplatesDialog kind={managing} onClose={() => setManaging(null)} roles={roles} />
    </Card>
  );
}
