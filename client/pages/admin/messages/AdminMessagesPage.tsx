import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@shared/limits';
import { isBroadcast, sendableTypesFor, type SendableMessageType } from '@shared/messages';
import { deleteMessage, getBox, sendMessage } from '@client/api/messages';
import { Badge } from '@client/components/Badge';
import { Button } from '@client/components/Button';
import { Card } from '@client/components/Card';
import { DateTime } from '@client/components/DateTime';
import { EmptyState } from '@client/components/EmptyState';
import { SelectField, TextAreaField, TextField } from '@client/components/Field';
import { Icon } from '@client/components/Icon';
import { toast } from '@client/components/toast';
import { useRemote } from '@client/hooks/useRemote';
import { RichText } from '@client/richText/RichText';
import { useViewer } from '@client/state/session';
import { textToMessageHtml } from '@client/pages/profile/chat/chat';
import { useDescribeMessageError } from '@client/pages/profile/chat/describeMessageError';
import styles from './AdminMessagesPage.module.css';

const SENT_PAGE = 20;

/**
 * /admin/messages — push a message (staff): to everyone, to staff or to members (super, root,
 * dev), or to one user as a direct message, warning, fatal warning or command; and what I sent.
 */
export function AdminMessagesPage() {
  const { t } = useTranslation();
  const describe = useDescribeMessageError();
  const { privileges } = useViewer();
  const types = sendableTypesFor(privileges).filter((type) => type !== 'direct');
  const [type, setType] = useState<SendableMessageType>(types[0] ?? 'warn');
  const [toUserId, setToUserId] = useState('');
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<{ toUserId?: string; content?: string }>({});
  const [busy, setBusy] = useState(false);
  const sent = useRemote('out', (signal) => getBox('out', 0, SENT_PAGE, signal));
  const broadcast = isBroadcast(type);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const html = textToMessageHtml(text);
    const found = {
      toUserId: !broadcast && !/^[1-9]\d{0,9}$/.test(toUserId.trim()) ? t('messages.push.recipientRequired') : undefined,
      content: !text.trim() ? t('messages.push.contentRequired') : html.length > LIMITS.messageMax ? t('messages.compose.tooLong', { max: LIMITS.messageMax }) : undefined,
    };
    setErrors(found);
    if (found.toUserId || found.content) return;
    setBusy(true);
    try {
      await sendMessage({ type, toUserId: broadcast ? null : Number(toUserId), content: html });
      toast.success(t('messages.push.sent'));
      setText('');
      sent.reload();
    } catch (error) {
      toast.error(describe(error));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (id: number) => {
    try {
      await deleteMessage(id);
      sent.reload();
    } catch (error) {
      toast.error(describe(error));
    }
  };

  return (
    <div className={`container ${styles.page}`}>
      <header className={styles.header}>
        <h1>{t('messages.push.title')}</h1>
        <p>{t('messages.push.description')}</p>
      </header>
      <Card title={t('messages.push.formTitle')}>
        <form className={styles.form} onSubmit={submit} noValidate>
          <SelectField
            label={t('messages.push.type')}
            hint={t(`messages.push.typeHint.${type}`)}
            value={type}
            options={types.map((value) => ({ value, label: t(`messages.type.${value}`) }))}
            onChange={setType}
          />
          {!broadcast && (
            <TextField
              label={t('messages.push.recipient')}
              hint={t('messages.push.recipientHint')}
              inputMode="numeric"
              value={toUserId}
              error={errors.toUserId}
              onChange={(e) => setToUserId(e.target.value)}
            />
          )}
          <TextAreaField
            label={t('messages.push.content')}
            rows={5}
            value={text}
            error={errors.content}
            hint={t('messages.push.contentHint', { max: LIMITS.messageMax })}
            onChange={(e) => setText(e.target.value)}
          />
          <div>
            <Button type="submit" variant="primary" loading={busy}>
              <Icon name="bolt" size={16} />
              {t('messages.push.send')}
            </Button>
          </div>
        </form>
      </Card>
      <Card title={t('messages.push.sentTitle')} flush>
        {sent.state === 'failed' && !sent.data ? (
          <EmptyState tone="error" icon="alert" title={t('messages.loadFailed')} action={<Button onClick={sent.reload}>{t('common.retry')}</Button>}>
            {describe(sent.error)}
          </EmptyState>
        ) : !sent.data?.messages.length ? (
          <EmptyState icon="message" title={sent.state === 'loading' ? t('common.loading') : t('messages.push.noneSent')} />
        ) : (
          <ul className={styles.sent}>
            {sent.data.messages.map((m) => (
              <li key={m.id}>
                <div className={styles.sentHead}>
                  <Badge tone={isBroadcast(m.type) ? 'info' : m.type === 'fatal' ? 'danger' : m.type === 'warn' ? 'warning' : 'neutral'}>{t(`messages.type.${m.type}`)}</Badge>
                  {m.toUserId !== null && <Link to={`/space/${m.toUserId}`}>{m.toUsername ?? `#${m.toUserId}`}</Link>}
                  <DateTime value={m.createTime} relative />
                  {m.toUserId !== null && <span>{m.haveRead ? t('messages.state.read') : t('messages.state.sent')}</span>}
                  <Button variant="ghost" size="sm" iconOnly aria-label={t('messages.action.delete')} title={t('messages.action.delete')} onClick={() => void remove(m.id)}>
                    <Icon name="trash" size={14} />
                  </Button>
                </div>
                <RichText html={m.content} />
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
