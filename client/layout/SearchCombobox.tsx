import { useEffect, useLayoutEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import { I18nProvider, RouterProvider, useComboBox, type AriaComboBoxOptions } from 'react-aria';
import { Item, useComboBoxState, type ComboBoxStateOptions } from 'react-stately';
import { useHref, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '@shared/languages';
import { search } from '@client/api/search';
import { casePath } from '@client/app/casePaths';
import { useLiveQuery } from '@client/hooks/useLiveQuery';
import { searchable } from '@client/pages/search/searchQuery';
import { SearchForm, pageOf, useFieldLook, type Caret } from './SearchForm';
import { SearchSuggestions, type SuggestionTarget } from './SearchSuggestions';
import styles from './HeaderSearch.module.css';

/** How many cases the box suggests. */
const SUGGESTED = 5;

const namesSearchable = (text: string) => searchable({ param: text, type: 'player' });
const findNames = (param: string, signal: AbortSignal) => search({ type: 'player', param, limit: SUGGESTED }, signal);

export interface SearchComboboxProps {
  text: string;
  onTextChange: (text: string) => void;
  /** The placeholder's caret, when it had the focus: the combobox takes both over as it is drawn. */
  takeOver?: Caret;
}

/**
 * The header's search box (React Aria's combobox hooks, our own markup and look): up to 5 cases
 * by name as you type, then a link to the search page; Enter without a highlighted suggestion
 * opens the search page.
 */
export function SearchCombobox(props: SearchComboboxProps) {
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  // A suggestion (a link) opens through the app's router, and the box is emptied for the next search.
  const follow = (to: string) => {
    void navigate(to);
    props.onTextChange('');
  };
  return (
    <I18nProvider locale={intlLocale(i18n.language)}>
      <RouterProvider navigate={follow} useHref={useHref}>
        <Combobox {...props} />
      </RouterProvider>
    </I18nProvider>
  );
}

function Combobox({ text, onTextChange, takeOver }: SearchComboboxProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const field = useFieldLook();
  const typed = text.trim();
  const live = useLiveQuery(typed, namesSearchable, findNames);
  const arrived = live.answer ?? live.failure;
  const hits = live.answer?.data.data;
  // The cases found, then the search page; nothing before an answer, or for a text too short to ask about.
  const targets = useMemo<SuggestionTarget[]>(
    () => (arrived && namesSearchable(typed) ? [...(hits ?? []).map((hit) => ({ to: casePath(hit.originPersonaId), hit })), { to: pageOf(typed) }] : []),
    [arrived, hits, typed],
  );
  const seeAll = t('nav.seeAll', { text: typed });
  const note = live.failure ? t('nav.suggestionsFailed') : live.answer && !hits?.length ? t('nav.noSuggestions', { text: live.answer.query }) : null;

  const inputRef = useRef<HTMLInputElement>(null);
  const listBoxRef = useRef<HTMLDivElement>(null);
  const popoverRef = useRef<HTMLDivElement>(null);
  // Escape since the last keystroke: an answer arriving later leaves the list closed.
  const dismissed = useRef(false);

  const submit = () => {
    void navigate(pageOf(typed));
    onTextChange('');
  };
  const options: AriaComboBoxOptions<SuggestionTarget> & ComboBoxStateOptions<SuggestionTarget> = {
    'aria-label': field['aria-label'],
    items: targets,
    // Options are drawn from their value (./SearchSuggestions.tsx); `textValue` is what the library announces.
    children: (target) => (
      <Item key={target.to} href={target.to} textValue={target.hit?.originName ?? seeAll}>
        {target.to}
      </Item>
    ),
    inputValue: text,
    onInputChange: (value) => {
      dismissed.current = false;
      onTextChange(value);
    },
    // The text stays what was typed: the options are links, nothing is chosen into the box.
    allowsCustomValue: true,
    shouldFocusWrap: true,
    inputRef,
    listBoxRef,
    popoverRef,
  };
  const state = useComboBoxState(options);
  const { inputProps, listBoxProps } = useComboBox(options, state);
  // Read before the library handles the key, which closes the list and forgets its highlight.
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const searches = e.key === 'Enter' && !e.nativeEvent.isComposing && state.isOpen && state.selectionManager.focusedKey == null;
    if (e.key === 'Escape') {
      dismissed.current = true;
      // The library closes the list; the browser would also empty a search field.
      if (state.isOpen) e.preventDefault();
    }
    inputProps.onKeyDown?.(e);
    // The library keeps the form from sending while the list is open: with nothing highlighted, Enter searches all the same.
    if (searches) submit();
  };

  // The library opens the list as the text changes when it has something to list then; the first answer for a text comes later.
  useEffect(() => {
    if (targets.length && state.isFocused && !state.isOpen && !dismissed.current) state.open(null, 'input');
    // Only when an answer arrives: closed otherwise (Escape, a click away), the list stays closed.
  }, [arrived]);

  useLayoutEffect(() => {
    if (!takeOver) return;
    inputRef.current?.focus();
    inputRef.current?.setSelectionRange(takeOver.start, takeOver.end, takeOver.direction);
    // The placeholder is replaced once, when this is first drawn.
  }, []);

  return (
    <div className={styles.box}>
      <SearchForm
        busy={live.busy}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <input {...inputProps} {...field} ref={inputRef} onKeyDown={onKeyDown} />
      </SearchForm>
      <SearchSuggestions state={state} listBoxProps={listBoxProps} listBoxRef={listBoxRef} popoverRef={popoverRef} busy={live.busy} note={note} seeAll={seeAll} />
    </div>
  );
}
