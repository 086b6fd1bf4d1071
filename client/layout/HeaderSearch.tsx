import { useEffect, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@client/components/Button';
import { Icon } from '@client/components/Icon';
import { onDemand } from '@client/components/onDemand';
import { useMediaQuery } from '@client/hooks/useMediaQuery';
import { SearchForm, pageOf, useFieldLook, type Caret } from './SearchForm';
import styles from './HeaderSearch.module.css';
import type { Arrival } from '@client/app/arrival';

/** Wide enough for the box (HeaderSearch.module.css hides it below). */
const WIDE = 'not all and (max-width: 1100px)';

const combobox = onDemand(() => import('./SearchCombobox'));

/**
 * The header's search: on wide screens a box suggesting cases by name as you type (React Aria's
 * combobox, ./SearchCombobox.tsx), on narrow ones an icon leading to the search page. Which one
 * shows is CSS's choice, so a window crossing the width keeps what was typed.
 */
export function HeaderSearch() {
  const { t } = useTranslation();
  return (
    <>
      <SearchBox />
      <ButtonLink to="/search" state={{ focusSearch: true } satisfies Arrival} variant="ghost" iconOnly className={styles.narrow} aria-label={t('nav.search')}>
        <Icon name="search" size={18} />
      </ButtonLink>
    </>
  );
}

/**
 * Until the combobox's library has arrived, a plain input drawn the same way. The library is fetched
 * as soon as the box shows (never on a phone, where it is hidden); what was typed, the caret and the
 * focus pass to the combobox when it takes over.
 */
function SearchBox() {
  const navigate = useNavigate();
  const field = useFieldLook();
  const wide = useMediaQuery(WIDE);
  const [text, setText] = useState('');
  const [module, setModule] = useState(combobox.loaded);
  const [caret, setCaret] = useState<Caret>();
  const input = useRef<HTMLInputElement>(null);
  // An IME composition under way is left to finish in the placeholder: `then` takes over after it.
  const composing = useRef<{ active: boolean; then?: () => void }>({ active: false });

  useEffect(() => {
    if (module || !wide) return;
    let drawn = true;
    void combobox.load().then((m) => {
      const takeOver = () => {
        if (!drawn) return;
        const el = input.current;
        const focused = !!el && el === document.activeElement;
        // Read and replaced in one task, so no keystroke lands in between.
        flushSync(() => {
          setCaret(focused ? { start: el.selectionStart ?? el.value.length, end: el.selectionEnd ?? el.value.length, direction: el.selectionDirection ?? 'none' } : undefined);
          setModule(m);
        });
      };
      if (composing.current.active) composing.current.then = takeOver;
      else takeOver();
    });
    return () => {
      drawn = false;
    };
  }, [module, wide]);

  if (module) return <module.SearchCombobox text={text} onTextChange={setText} takeOver={caret} />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void navigate(pageOf(text.trim()));
    setText('');
  };
  return (
    <div className={styles.box}>
      <SearchForm onSubmit={submit}>
        <input
          {...field}
          ref={input}
          role="combobox"
          aria-expanded={false}
          aria-autocomplete="list"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onCompositionStart={() => (composing.current.active = true)}
          onCompositionEnd={() => {
            composing.current.active = false;
            composing.current.then?.();
            composing.current.then = undefined;
          }}
        />
      </SearchForm>
    </div>
  );
}
