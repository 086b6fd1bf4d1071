import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@client/components/Button';
import { Icon } from '@client/components/Icon';
import { searchPath } from '@client/pages/search/searchQuery';
import styles from './HeaderSearch.module.css';

/** The header's search box (a search icon on narrow screens): players by name, on the search page. */
export function HeaderSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void navigate(searchPath({ param: text.trim(), type: 'player', sort: 'default', page: 1 }));
    setText('');
  };
  return (
    <>
      <form role="search" className={styles.form} onSubmit={submit}>
        <Icon name="search" size={16} className={styles.icon} />
        <input
          type="search"
          className={styles.input}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('nav.searchPlaceholder')}
          aria-label={t('nav.search')}
          maxLength={100}
          enterKeyHint="search"
        />
      </form>
      <ButtonLink to="/search" variant="ghost" iconOnly className={styles.narrow} aria-label={t('nav.search')}>
        <Icon name="search" size={18} />
      </ButtonLink>
    </>
  );
}
