import * as RovingFocus from '@radix-ui/react-roving-focus';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@client/components/Dialog';
import { isRtl } from '@client/i18n/language';
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

/**
 * The site's own emotes by group, then Unicode emoji: one Tab stop for all of them (Radix's roving
 * focus), arrow keys (mirrored right to left) to move, Home and End to the first and last, Enter
 * or Space to insert.
 */
export function EmoteDialog({ open, onClose, onInsert }: EmoteDialogProps) {
  const { t, i18n } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} title={t('editor.emote.title')}>
      <RovingFocus.Root role="toolbar" aria-label={t('editor.emote.title')} loop dir={isRtl(i18n.language) ? 'rtl' : 'ltr'}>
        {(Object.keys(EMOTE_GROUPS) as EmoteGroup[]).map((group) => (
          <section key={group} className={styles.emoteGroup} aria-labelledby={`emote-group-${group}`}>
            <h3 className={styles.emoteGroupTitle} id={`emote-group-${group}`}>
              {t('editor.emote.site')} · {t(`editor.emote.groups.${group}`)}
            </h3>
            <div className={styles.emotes} role="group" aria-labelledby={`emote-group-${group}`}>
              {EMOTES.filter((e) => e.group === group).map((emote) => {
                const name = t(`emotes.${emote.name}`);
                return (
                  <RovingFocus.Item key={emote.id} asChild>
                    <button type="button" className={styles.emote} aria-label={name} title={name} onClick={() => onInsert({ kind: 'emote', id: emote.id })}>
                      <img src={emote.src} alt="" width={28} height={28} />
                    </button>
                  </RovingFocus.Item>
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
              <RovingFocus.Item key={emoji} asChild>
                <button type="button" className={styles.emote} onClick={() => onInsert({ kind: 'text', text: emoji })}>
                  {emoji}
                </button>
              </RovingFocus.Item>
            ))}
          </div>
        </section>
      </RovingFocus.Root>
    </Dialog>
  );
}
