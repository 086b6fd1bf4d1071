import { useTranslation } from 'react-i18next';
import { Dialog } from '@client/components/Dialog';
import { EMOTES, EMOTE_GROUPS, type EmoteGroup } from '@shared/emotes';
import styles from '../Editor.module.css';

/** Unicode emoji: they are text, so they pass every filter and render everywhere. */
const UNICODE = ['😀', '😂', '😅', '😉', '😍', '😎', '🤔', '😐', '🙄', '😡', '😭', '😱', '👍', '👎', '👏', '🙏', '💪', '🔥', '💯', '🎯', '🚩', '⚠️', '✅', '❌', '🎮', '💀', '🤡', '🕵️', '👀', '🧐', '🤝', '❤️'];

/** What the dialog picked: one of the site's emotes (by `group|name` id), or an emoji. */
export type EmotePick = { kind: 'emote'; id: string } | { kind: 'text'; text: string };

interface EmoteDialogProps {
  open: boolean;
  onClose: () => void;
  onInsert: (pick: EmotePick) => void;
}

/** The site's own emotes by group, then Unicode emoji; every button is reachable with Tab. */
export function EmoteDialog({ open, onClose, onInsert }: EmoteDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} title={t('editor.emote.title')}>
      {(Object.keys(EMOTE_GROUPS) as EmoteGroup[]).map((group) => (
        <section key={group} className={styles.emoteGroup} aria-labelledby={`emote-group-${group}`}>
          <h3 className={styles.emoteGroupTitle} id={`emote-group-${group}`}>
            {t('editor.emote.site')} · {t(`editor.emote.groups.${group}`)}
          </h3>
          <div className={styles.emotes} role="group" aria-labelledby={`emote-group-${group}`}>
            {EMOTES.filter((e) => e.group === group).map((emote) => {
              const name = t(`emotes.${emote.name}`);
              return (
                <button key={emote.id} type="button" className={styles.emote} aria-label={name} title={name} onClick={() => onInsert({ kind: 'emote', id: emote.id })}>
                  <img src={emote.src} alt="" width={28} height={28} />
                </button>
              );
            })}
          </div>
        </section>
      ))}
      <section className={styles.emoteGroup} aria-labelledby="emote-group-unicode">
        <h3 className={styles.emoteGroupTitle} id="emote-group-unicode">
          {t('editor.emote.unicode')}
        </h3>
        <div className={styles.emotes} role="group" aria-labelledby="emote-group-unicode">
          {UNICODE.map((emoji) => (
            <button key={emoji} type="button" className={styles.emote} onClick={() => onInsert({ kind: 'text', text: emoji })}>
              {emoji}
            </button>
          ))}
        </div>
      </section>
    </Dialog>
  );
}
