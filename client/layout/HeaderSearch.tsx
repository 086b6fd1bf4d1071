import { useId, useState, type FocusEvent, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { search } from '@client/api/search';
import { casePath } from '@client/app/casePaths';
import { ButtonLink } from '@client/components/Button';
import { Icon } from '@client/components/Icon';
import { Spinner } from '@client/components/Spinner';
import { useLiveQuery } from '@client/hooks/useLiveQuery';
import { searchable, searchPath } from '@client/pages/search/searchQuery';
import { SearchSuggestions, type SuggestionTarget } from './SearchSuggestions';
import styles from './HeaderSearch.module.css';

/** How many cases the box suggests. */
const SUGGESTED = 5;

const namesSearchable = (text: string) => searchable({ param: text, type: 'player' });
const findNames = (param: string, signal: AbortSignal) => search({ type: 'player', param, limit: SUGGESTED }, signal);
const pageOf = (param: string) => searchPath({ param, type: 'player', sort: 'default', page: 1 });

/**
 * The header's search box (a search icon on narrow screens, where the search page is used): a
 * combobox suggesting up to 5 cases by name as you type; Enter without a chosen suggestion opens
 * the search page.
 */
export function HeaderSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const typed = text.trim();
  const live = useLiveQuery(typed, namesSearchable, findNames);
  // A highlight belongs to the answer it was made on: a new answer starts with none.
  const [highlight, setHighlight] = useState<{ on: unknown; index: number }>({ on: null, index: -1 });
  const active = highlight.on === live.answer ? highlight.index : -1;

  const shown = open && namesSearchable(typed) && (live.answer !== null || live.failure !== null);
  const hits = live.answer?.data.data ?? [];
  const targets: SuggestionTarget[] = [...hits.map((hit) => ({ to: casePath(hit.originPersonaId), hit })), { to: pageOf(typed) }];
  const note = live.failure ? t('nav.suggestionsFailed') : live.answer && !hits.length ? t('nav.noSuggestions', { text: live.answer.query }) : null;
  const optionId = (index: number) => `${id}-option-${index}`;

  const finish = () => {
    setText('');
    setOpen(false);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void navigate(pageOf(typed));
    finish();
  };
  const move = (step: number) => {
    const count = targets.length;
    const next = active < 0 ? (step > 0 ? 0 : count - 1) : (active + step + count) % count;
    setHighlight({ on: live.answer, index: next });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (shown) move(e.key === 'ArrowDown' ? 1 : -1);
      else setOpen(true);
    } else if (e.key === 'Enter' && shown && active >= 0) {
      e.preventDefault();
      void navigate(targets[active]!.to);
      finish();
    } else if (e.key === 'Escape' && shown) {
      // Only closes: the browser would also empty a search field.
      e.preventDefault();
      setOpen(false);
    } else if (e.key === 'Tab') {
      setOpen(false);
    }
  };
  const onBlur = (e: FocusEvent<HTMLDivElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget)) setOpen(false);
  };

  return (
    <>
      <div className={styles.box} onBlur={onBlur}>
        <form role="search" className={styles.form} onSubmit={submit}>
          <span className={styles.icon}>{live.busy ? <Spinner size={14} /> : <Icon name="search" size={16} />}</span>
          <input
            type="search"
            role="combobox"
            className={styles.input}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setOpen(true);
            }}
            onFocus={() => setOpen(true)}
            onKeyDown={onKeyDown}
            placeholder={t('nav.searchPlaceholder')}
            aria-label={t('nav.search')}
            aria-autocomplete="list"
            aria-expanded={shown}
            aria-controls={`${id}-list`}
            aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
            autoComplete="off"
            maxLength={100}
            enterKeyHint="search"
          />
        </form>
        <SearchSuggestions
          listId={`${id}-list`}
          optionId={optionId}
          open={shown}
          busy={live.busy}
          targets={targets}
          active={active}
          note={note}
          text={typed}
          onHover={(index) => setHighlight({ on: live.answer, index })}
          onChoose={finish}
        />
      </div>
      <ButtonLink to="/search" variant="ghost" iconOnly className={styles.narrow} aria-label={t('nav.search')}>
        <Icon name="search" size={18} />
      </ButtonLink>
    </>
  );
}
