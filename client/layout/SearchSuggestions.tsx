import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PlayerHit } from '@client/api/search';
import { Avatar } from '@client/components/Avatar';
import { StatusBadge } from '@client/components/StatusBadge';
import styles from './HeaderSearch.module.css';
import { GameTags } from '@client/components/cases/GameTags';

/** One place the list can take the visitor to: a case, or the search page. */
export interface SuggestionTarget {
  to: string;
  hit?: PlayerHit;
}

interface SearchSuggestionsProps {
  listId: string;
  optionId: (index: number) => string;
  open: boolean;
  busy: boolean;
  /** The cases found, then the search page. */
  targets: readonly SuggestionTarget[];
  active: number;
  /** A quiet line when there is nothing to suggest (no match, search unavailable). */
  note: string | null;
  text: string;
  onHover: (index: number) => void;
  onChoose: () => void;
}

function Hit({ hit }: { hit: PlayerHit }) {
  const { t } = useTranslation();
  return (
    <>
      <Avatar name={hit.originName} src={hit.avatarLink} size={28} square />
      <span className={styles.who}>
        <span className={styles.name}>{hit.originName}</span>
        {hit.historyName !== hit.originName && <span className={styles.matched}>{t('search.matchedAs', { name: hit.historyName })}</span>}
        <span className={styles.meta}>
          <StatusBadge status={hit.status} />
          <GameTags games={hit.games} />
        </span>
      </span>
    </>
  );
}

// Focus stays in the box while the pointer picks an option or touches the note.
const keepFocus = (e: MouseEvent) => e.preventDefault();

/** The header search's suggestion list (the popup of its combobox). */
export function SearchSuggestions({ listId, optionId, open, busy, targets, active, note, text, onHover, onChoose }: SearchSuggestionsProps) {
  const { t } = useTranslation();
  const found = targets.length - 1;
  return (
    <>
      <p className="visually-hidden" role="status">
        {open ? (note ?? t('nav.suggestionsFound', { count: found })) : ''}
      </p>
      <div className={styles.popup} hidden={!open} onMouseDown={keepFocus}>
        {note && (
          <p className={styles.note} aria-hidden="true">
            {note}
          </p>
        )}
        <div id={listId} role="listbox" aria-label={t('nav.suggestions')} aria-busy={busy} className={styles.list}>
          {targets.map((target, i) => (
            <Link
              key={target.to}
              id={optionId(i)}
              to={target.to}
              role="option"
              tabIndex={-1}
              aria-selected={i === active}
              className={`${styles.option} ${target.hit ? '' : styles.all}`}
              onMouseMove={() => i !== active && onHover(i)}
              onClick={onChoose}
            >
              {target.hit ? <Hit hit={target.hit} /> : t('nav.seeAll', { text })}
            </Link>
          ))}
        </div>
      </div>
    </>
  );
}
