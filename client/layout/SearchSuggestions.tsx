import { useRef, type MouseEvent, type RefObject } from 'react';
import { useListBox, useOption, type AriaListBoxOptions } from 'react-aria';
import type { ComboBoxState, Node } from 'react-stately';
import { useTranslation } from 'react-i18next';
import type { PlayerHit } from '@client/api/search';
import { Avatar } from '@client/components/Avatar';
import { StatusBadge } from '@client/components/StatusBadge';
import { GameTags } from '@client/components/cases/GameTags';
import styles from './HeaderSearch.module.css';

/** One place the list can take the visitor to: a case, or the search page. */
export interface SuggestionTarget {
  to: string;
  hit?: PlayerHit;
}

interface SearchSuggestionsProps {
  state: ComboBoxState<SuggestionTarget>;
  listBoxProps: AriaListBoxOptions<SuggestionTarget>;
  listBoxRef: RefObject<HTMLDivElement | null>;
  popoverRef: RefObject<HTMLDivElement | null>;
  busy: boolean;
  /** A quiet line when there is nothing to suggest (no match, search unavailable). */
  note: string | null;
  /** The search page's option. */
  seeAll: string;
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

function Option({ item, state, seeAll }: { item: Node<SuggestionTarget>; state: ComboBoxState<SuggestionTarget>; seeAll: string }) {
  const ref = useRef<HTMLAnchorElement>(null);
  const { optionProps, isFocused } = useOption({ key: item.key }, state, ref);
  const hit = item.value?.hit;
  // `data-key`: the library finds the highlighted link by it, to open it on Enter.
  return (
    <a {...optionProps} ref={ref} data-key={item.key} data-highlighted={isFocused || undefined} className={`${styles.option} ${hit ? '' : styles.all}`}>
      {hit ? <Hit hit={hit} /> : seeAll}
    </a>
  );
}

// Focus stays in the box while the pointer touches the note.
const keepFocus = (e: MouseEvent) => e.preventDefault();

type ListProps = Pick<SearchSuggestionsProps, 'state' | 'listBoxProps' | 'listBoxRef' | 'busy' | 'seeAll'>;

/**
 * The listbox, drawn only while open: the library highlights its first or last option as it appears
 * when ArrowDown or ArrowUp opened it. Named by our own label alone (the library's would point at a
 * label element the box does not have).
 */
function List({ state, listBoxProps, listBoxRef, busy, seeAll }: ListProps) {
  const { t } = useTranslation();
  const { listBoxProps: props } = useListBox({ ...listBoxProps, 'aria-label': t('nav.suggestions'), 'aria-labelledby': undefined }, state, listBoxRef);
  return (
    <div {...props} ref={listBoxRef} aria-busy={busy} className={styles.list}>
      {[...state.collection].map((item) => (
        <Option key={item.key} item={item} state={state} seeAll={seeAll} />
      ))}
    </div>
  );
}

/**
 * The header search's suggestion list (the popup of its combobox), placed under the box. The
 * library hides the rest of the page from screen readers while the list is open: the note's live
 * region sits inside the popup's element, which is always there, so that it stays heard.
 */
export function SearchSuggestions({ popoverRef, note, ...list }: SearchSuggestionsProps) {
  const open = list.state.isOpen;
  return (
    <div ref={popoverRef}>
      <p className="visually-hidden" role="status">
        {open ? note : ''}
      </p>
      {open && (
        <div className={styles.popup} onMouseDown={keepFocus}>
          {note && (
            <p className={styles.note} aria-hidden="true">
              {note}
            </p>
          )}
          <List {...list} />
        </div>
      )}
    </div>
  );
}
