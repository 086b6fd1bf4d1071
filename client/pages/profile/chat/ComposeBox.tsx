import { useTranslation } from 'react-i18next';
import { LIMITS } from '@shared/limits';
import { Button } from '@client/components/Button';
import { Icon } from '@client/components/Icon';
import type { Compose } from './useCompose';
import styles from './ChatPage.module.css';

interface ComposeBoxProps {
  /** The textarea's id; its hint is `${id}-hint`. */
  id: string;
  name: string;
  compose: Compose;
  disabled: boolean;
}

/** The reply box under a conversation, with the hint, the length limit or the error under it. */
export function ComposeBox({ id, name, compose, disabled }: ComposeBoxProps) {
  const { t } = useTranslation();
  const { text, sending, sendError, tooLong } = compose;
  return (
    <form className={styles.compose} onSubmit={compose.submit} noValidate>
      <label htmlFor={id} className="visually-hidden">
        {t('messages.compose.label', { name })}
      </label>
      <textarea
        id={id}
        className={styles.input}
        rows={2}
        value={text}
        placeholder={t('messages.compose.placeholder', { name })}
        aria-invalid={tooLong || !!sendError || undefined}
        aria-describedby={`${id}-hint`}
        onChange={(e) => compose.change(e.target.value)}
        onKeyDown={compose.onKeyDown}
        disabled={disabled}
      />
      <Button type="submit" variant="primary" loading={sending} disabled={!text.trim() || tooLong || disabled}>
        <Icon name="arrowRight" size={16} />
        {t('messages.compose.send')}
      </Button>
      <p id={`${id}-hint`} className={sendError || tooLong ? styles.composeError : styles.composeHint} role={sendError ? 'alert' : undefined}>
        {sendError ?? (tooLong ? t('messages.compose.tooLong', { max: LIMITS.messageMax }) : t('messages.compose.hint'))}
      </p>
    </form>
  );
}
