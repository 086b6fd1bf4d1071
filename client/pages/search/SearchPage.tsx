import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { searchTarget, wantsApp } from '@shared/companionApp';
import { SEARCH_SORTS, SEARCH_TYPES, type SearchType } from '@shared/search';
import { LIMITS } from '@shared/limits';
import { ApiError } from '@client/api/ApiError';
import { search } from '@client/api/search';
import { useDescribeError } from '@client/api/describeError';
import { usePageTitleValues } from '@client/app/pageTitle';
import { arrivalOf } from '@client/app/arrival';
import { Button } from '@client/components/Button';
import { Card } from '@client/components/Card';
import { CaseTableSkeleton } from '@client/components/cases/CaseTable';
import { EmptyState } from '@client/components/EmptyState';
import { Icon } from '@client/components/Icon';
import { Pager } from '@client/components/Pager';
import { usePagerFocus } from '@client/components/usePagerFocus';
import { Segmented } from '@client/components/Segmented';
import { Tabs } from '@client/components/Tabs';
import { useDebounced } from '@client/hooks/useDebounced';
import { useRemote } from '@client/hooks/useRemote';
import { useFormat } from '@client/i18n/format';
import { AppPanel } from '../companionApp/AppPanel';
import { arrivedAddress, parseSearch, searchable, searchPath, type SearchState, hitCountLabel } from './searchQuery';
import { SearchResults } from './SearchResults';
import styles from './SearchPage.module.css';

/** The debounce of the search box: the results follow the text this long after the last keystroke. */
const LIVE_DELAY_MS = 300;

/**
 * Keeps the address on what the box says, 300 ms after the last keystroke, replacing the history
 * entry (one per search, not per keystroke); and the box on the address when it changes from
 * elsewhere (the header's search, back and forward).
 */
function useLiveAddress(typed: string, param: string, setText: (text: string) => void, replace: (param: string) => void) {
  const settled = useDebounced(typed, LIVE_DELAY_MS);
  const latest = useRef({ typed, param, replace });
  useLayoutEffect(() => {
    latest.current = { typed, param, replace };
  });
  // The texts this box put in the address that have not arrived: their arrival must not touch what was typed since.
  const written = useRef<string[]>([]);
  useEffect(() => {
    if (settled === latest.current.param) return;
    written.current = [...written.current, settled];
    latest.current.replace(settled);
  }, [settled]);
  useEffect(() => {
    const { own, waiting } = arrivedAddress(written.current, param);
    written.current = waiting;
    if (!own && param !== latest.current.typed) setText(param);
  }, [param, setText]);
}

/**
 * /search and /search/:content: players, users or comments, sorted, 20 a page with the
 * exact total. With `?openApp=1` it first tries to open the same search in the companion app.
 */
export function SearchPage() {
  const { t } = useTranslation();
  const describe = useDescribeError();
  const format = useFormat();
  const navigate = useNavigate();
  const { content } = useParams();
  const [params] = useSearchParams();
  const state = parseSearch(content, params);
  const [text, setText] = useState(state.param);
  const size = LIMITS.pageDefault;
  const location = useLocation();
  const box = useRef<HTMLInputElement>(null);
  const focusSearch = arrivalOf(location.state).focusSearch;
  useEffect(() => {
    if (focusSearch) box.current?.focus();
  }, [focusSearch, location.key]);
  const remote = useRemote(searchable(state) ? searchPath(state) : null, (signal) =>
    search({ type: state.type, param: state.param, sort: state.sort, skip: (state.page - 1) * size, limit: size }, signal),
  );
  usePageTitleValues({ name: state.param || t('search.title') });

  const go = (next: Partial<SearchState>, replace = false) => void navigate(searchPath({ ...state, page: 1, ...next }), { replace });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const param = text.trim();
    go({ param }, param === state.param);
  };
  useLiveAddress(text.trim(), state.param, setText, (param) => go({ param }, true));

  const results = () => {
    if (!state.param) return <EmptyState icon="search" title={t('search.start')}>{t('search.startText')}</EmptyState>;
    if (!searchable(state)) return <EmptyState icon="search" title={t('search.tooShort')}>{t('codes.search.bad')}</EmptyState>;
    if (remote.state === 'failed') {
      const code = remote.error instanceof ApiError ? remote.error.code : '';
      if (code === 'request.404') return <EmptyState icon="search" title={t('search.unavailable')}>{t('search.unavailableText')}</EmptyState>;
      if (code === 'search.bad') return <EmptyState icon="search" title={t('search.tooShort')}>{describe(remote.error)}</EmptyState>;
      return (
        <EmptyState tone="error" icon="alert" title={t('search.failed')} action={<Button onClick={remote.reload}>{t('common.retry')}</Button>}>
          {describe(remote.error)}
        </EmptyState>
      );
    }
    if (remote.state === 'loading') return <CaseTableSkeleton rows={6} />;
    if (!remote.data.data.length) return <EmptyState icon="search" title={t('search.empty', { param: state.param })}>{t(`search.emptyText.${state.type}`)}</EmptyState>;
    return <SearchResults type={state.type} hits={remote.data.data} />;
  };

  const total = remote.state === 'ready' ? remote.data.total : 0;
  const pageCount = Math.max(1, Math.ceil(total / size));
  const pager = usePagerFocus(state.page, pageCount, remote.state === 'ready');
  const countLabel = hitCountLabel(state.type, total, format.number);
  return (
    <div className={`container ${styles.page}`}>
      <header className={styles.header}>
        <h1>{t('search.title')}</h1>
        <form role="search" className={styles.form} onSubmit={submit}>
          <label htmlFor="search-text" className="visually-hidden">
            {t('search.label')}
          </label>
          <Icon name="search" size={18} className={styles.formIcon} />
          <input ref={box} id="search-text" className={styles.input} type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder={t(`search.placeholder.${state.type}`)} maxLength={100} enterKeyHint="search" />
          <Button type="submit" variant="primary">
            {t('search.submit')}
          </Button>
        </form>
      </header>
      {wantsApp(params) && <AppPanel target={searchTarget(state.param, state.type)} launch />}
      <Tabs<SearchType>
        label={t('search.typesLabel')}
        value={state.type}
        onChange={(type) => go({ type, sort: 'default' })}
        items={SEARCH_TYPES.map((type) => ({
          id: type,
          label: t(`search.types.${type}`),
          content: (
            <div className={styles.panel}>
              <div className={styles.toolbar}>
                <p className={styles.muted} aria-live="polite">
                  {remote.state === 'ready' && state.param ? t('search.count', { count: total, formatted: countLabel }) : ''}
                </p>
                <Segmented label={t('search.sort')} value={state.sort} options={SEARCH_SORTS[type].map((s) => ({ value: s, label: t(`search.sorts.${s}`) }))} onChange={(sort) => go({ sort })} />
              </div>
              <div {...pager.region(t(`search.types.${type}`))}>
                <Card flush>{results()}</Card>
              </div>
              {remote.state === 'ready' && <Pager page={state.page} pageCount={pageCount} to={(page) => searchPath({ ...state, page })} label={t('search.pages')} onGo={pager.go} />}
            </div>
          ),
        }))}
      />
    </div>
  );
}
