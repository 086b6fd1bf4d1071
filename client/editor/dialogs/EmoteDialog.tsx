import { useTranslation } from 'react-i18next';
import { Dialog } from '@client/components/Dialog';
import styles from '../Editor.module.css';

/** Emotes are Unicode emoji: they are text, so they pass every filter and render everywhere. */
const EMOTES = ['😀', '😂', '😅', '😉', '😍', '😎', '🤔', '😐', '🙄', '😡', '😭', '😱', '👍', '👎', '👏', '🙏', '💪', '🔥', '💯', '🎯', '🚩', '⚠️', '✅', '❌', '🎮', '💀', '🤡', '🕵️', '👀', '🧐', '🤝', '❤️'];

interface EmoteDialogProps {
  open: boolean;
  onClose: () => void;
  onInsert: (emote: string) => void;
}

export function EmoteDialog({ open, onClose, onInsert }: EmoteDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} title={t('editor.emote.title')}>
      <div className={styles.emotes} role="group" aria-label={t('editor.emote.title')}>
        {EMOTES.map((emote) => (
          <button key={emote} type="button" className={styles.emote} onClick={() => onInsert(emote)}>
            {emote}
          </button>
        ))}
      </div>
    </Dialog>
  );
}
