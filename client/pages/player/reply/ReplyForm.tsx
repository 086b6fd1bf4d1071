import { useState, type FormEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@shared/limits';
import { replyProblem } from '@shared/reply';
import type { TimelineEntry } from '@shared/types/cases';
import { reply } from '@client/api/cases';
import { formatMuteEnd, useDescribeError } from '@client/api/describeError';
import { Button } from '@client/components/Button';
import { CaptchaField } from '@client/components/CaptchaField';
import { Icon } from '@client/components/Icon';
import { Notice } from '@client/components/Notice';
import { toast } from '@client/components/toast';
import { useCaptcha } from '@client/forms/useCaptcha';
import type { EditorController } from '@client/editor/plugins';
import { RichEditor } from '@client/editor/RichEditor';
import { placeError } from '@client/forms/placeError';
import { useViewer } from '@client/state/session';
import { TemplateMenu } from '../judgement/TemplateMenu';
import { TemplatesDialog } from '../judgement/TemplatesDialog';
import { quotePreview } from '../timeline/quote';
import fieldStyles from '@client/components/Field.module.css';
import styles from './ReplyForm.module.css';

interface ReplyFormProps {
  caseId: number;
  quote: TimelineEntry | null;
  onClearQuote: () => void;
  onPosted: (entry: TimelineEntry) => void;
  controllerRef: RefObject<EditorController | null>;
  /** Staff: offer their local fast-reply templates. */
  fastReplies?: boolean;
}

/** A reply on the case, optionally quoting an entry; the editor, the captcha and the send button. */
export function ReplyForm({ caseId, quote, onClearQuote, onPosted, controllerRef, fastReplies = false }: ReplyFormProps) {
  const { t, i18n } = useTranslation();
  const describe = useDescribeError();
  const captcha = useCaptcha();
  const [content, setContent] = useState('');
  const [errors, setErrors] = useState<{ content?: string; captcha?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const [managing, setManaging] = useState(false);
  const { privileges, actor } = useViewer();
  // The session refetches the account when staff mute or unmute it, so this follows live.
  const mutedUntil = actor && actor.mutedUntil !== null && actor.mutedUntil > Date.now() ? actor.mutedUntil : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = replyProblem(content);
    if (problem === 'tooLong' || !captcha.answer) return;
    if (problem) return setErrors({ content: t(`reply.${problem}`) });
    setBusy(true);
    setErrors({});
    try {
      const entry = await reply({ toPlayerId: caseId, toCommentId: quote?.id, content }, captcha.answer);
      controllerRef.current?.clear();
      onClearQuote();
      onPosted(entry);
      toast.success(t('reply.posted'));
    } catch (error) {
      const placed = placeError<'content'>(error, describe(error), ['content']);
      setErrors({ content: placed.fields.content, captcha: placed.captcha, form: placed.form });
    } finally {
      captcha.renew();
      setBusy(false);
    }
  };

  return (
    <form className={fieldStyles.form} onSubmit={(e) => void submit(e)} noValidate aria-labelledby="reply-title">
      <div className={styles.head}>
        <h2 id="reply-title" className={styles.title}>
          {t('reply.title')}
        </h2>
        {fastReplies && <TemplateMenu kind="fastReply" onPick={(template) => controllerRef.current?.insertText(template.content)} onManage={() => setManaging(true)} />}
      </div>
      {mutedUntil !== null && !errors.form && (
        <Notice tone="warning">
          <span data-muted-until={new Date(mutedUntil).toISOString()}>{t('codes.muted', { until: formatMuteEnd(mutedUntil, i18n.language) })}</span>
        </Notice>
      )}
      {errors.form && <Notice tone="danger">{errors.form}</Notice>}
      {quote && (
        <div className={styles.quote}>
          <div className={styles.quoteText}>
            <span className={styles.quoteWho}>{t('timeline.quoting', { name: quote.username ?? t('timeline.system'), id: quote.id })}</span>
            <span>{quotePreview(quote.content.text)}</span>
          </div>
          <Button variant="ghost" size="sm" iconOnly aria-label={t('reply.removeQuote')} onClick={onClearQuote}>
            <Icon name="close" size={14} />
          </Button>
        </div>
      )}
      <RichEditor
        label={t('reply.label')}
        placeholder={t('reply.placeholder')}
        hint={t('reply.hint')}
        maxLength={LIMITS.replyMax}
        onChange={setContent}
        error={errors.content}
        disabled={busy}
        controllerRef={controllerRef}
      />
      <CaptchaField {...captcha.field} error={errors.captcha} />
      <div className={styles.actions}>
        <p className={styles.rules}>{t('reply.rules')}</p>
        <Button type="submit" variant="primary" loading={busy} disabled={!captcha.complete || !content || content.length > LIMITS.replyMax}>
          <Icon name="message" size={16} />
          {t('reply.submit')}
        </Button>
      </div>
      {fastReplies && <TemplatesDialog kind={managing ? 'fastReply' : null} onClose={() => setManaging(false)} roles={privileges} />}
    </form>
  );
}
