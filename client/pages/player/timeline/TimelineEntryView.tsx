import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TimelineEntry } from '@shared/types/cases';
import { Button } from '@client/components/Button';
import { Icon } from '@client/components/Icon';
import { RichText } from '@client/richText/RichText';
import { EntryFacts } from './EntryFacts';
import { EntryHeader } from './EntryHeader';
import { floorAnchor } from './pageQuery';
import { quotePreview } from './quote';
import styles from './Timeline.module.css';

export interface EntryPermissions {
  /** Signed in and allowed to reply. */
  reply: boolean;
  /** Staff may hide and show any entry; authors may hide their own replies. */
  hide: (entry: TimelineEntry) => boolean;
  mine: (entry: TimelineEntry) => boolean;
}

interface EntryProps {
  entry: TimelineEntry;
  highlighted: boolean;
  can: EntryPermissions;
  onReply: (entry: TimelineEntry) => void;
  onShare: (entry: TimelineEntry) => void;
  onVisibility: (entry: TimelineEntry) => void;
  /** More for this entry under its text (e.g. staff tools on an appeal). */
  renderExtra?: (entry: TimelineEntry) => ReactNode;
}

/** An entry the system wrote: explained in the reader's language, its stored English text only as a fallback. */
function AutoText({ entry }: { entry: TimelineEntry }) {
  const { t, i18n } = useTranslation();
  const key = `judgement.auto.${entry.auto}`;
  return i18n.exists(key) ? (
    <p className={styles.autoText}>
      <Icon name="bolt" size={14} />
      {t(key)}
    </p>
  ) : (
    <RichText html={entry.content.text} />
  );
}

function NameChange({ entry }: { entry: TimelineEntry }) {
  const { t } = useTranslation();
  return (
    <p className={styles.nameChange}>
      <Icon name="edit" size={14} />
      {t('timeline.renamed', { from: entry.beforeUsername, to: entry.nextUsername })}
    </p>
  );
}

/** One entry of a case timeline, with its anchor `#floor-<id>` and its actions. */
export function TimelineEntryView({ entry, highlighted, can, onReply, onShare, onVisibility, renderExtra }: EntryProps) {
  const { t } = useTranslation();
  const hidden = entry.valid === false;
  const classes = [styles.entry, can.mine(entry) && styles.mine, highlighted && styles.highlighted, hidden && styles.hidden].filter(Boolean).join(' ');
  return (
    <article id={floorAnchor(entry.id)} className={classes} aria-label={t('timeline.entryLabel', { id: entry.id })} tabIndex={-1}>
      <EntryHeader entry={entry} />
      {hidden && (
        <p className={styles.hiddenNote}>
          <Icon name="eyeOff" size={14} />
          {t('timeline.hiddenNote')}
        </p>
      )}
      <EntryFacts entry={entry} />
      {entry.quote && (
        <a className={styles.quote} href={`#${floorAnchor(entry.quote.id)}`}>
          <span className={styles.quoteWho}>{t('timeline.quoting', { name: entry.quote.username ?? t('timeline.system'), id: entry.quote.id })}</span>
          <span>{entry.quote.content ? quotePreview(entry.quote.content) : t('timeline.quoteHidden')}</span>
        </a>
      )}
      {entry.type === 'historyUsername' ? <NameChange entry={entry} /> : entry.auto ? <AutoText entry={entry} /> : entry.content.text && <RichText html={entry.content.text} />}
      {entry.isMute && <p className={styles.muted}>{t('timeline.muted')}</p>}
      {renderExtra?.(entry)}
      <footer className={styles.entryActions}>
        {can.reply && !hidden && (
          <Button variant="ghost" size="sm" onClick={() => onReply(entry)}>
            <Icon name="reply" size={14} />
            {t('timeline.reply')}
          </Button>
        )}
        <Button variant="ghost" size="sm" onClick={() => onShare(entry)}>
          <Icon name="share" size={14} />
          {t('timeline.share')}
        </Button>
        {can.hide(entry) && (
          <Button variant="ghost" size="sm" onClick={() => onVisibility(entry)}>
            <Icon name={hidden ? 'eye' : 'eyeOff'} size={14} />
            {hidden ? t('timeline.show') : t('timeline.hide')}
          </Button>
        )}
      </footer>
    </article>
  );
}
