import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { toolFilterOf, type Tool, type ToolFilter } from '@shared/schemas/tools';
import { getMyTools, getTools } from '@client/api/tools';
import { Button } from '@client/components/Button';
import { Dialog } from '@client/components/Dialog';
import { EmptyState } from '@client/components/EmptyState';
import { Icon } from '@client/components/Icon';
import { Notice } from '@client/components/Notice';
import { Skeleton } from '@client/components/Skeleton';
import { useDescribeError } from '@client/api/describeError';
import { useRemote } from '@client/hooks/useRemote';
import { useShowError } from '@client/components/useShowError';
import { useViewer } from '@client/state/session';
import { MySubmissions } from './MySubmissions';
import { SubmitToolForm } from './SubmitToolForm';
import { TagFilter } from './TagFilter';
import { ToolCard } from './ToolCard';
import styles from './AppsPage.module.css';

const PAGE = 24;

/** /apps — the tools directory: filter by tag (kept in the URL), get or visit a tool, submit one. */
export function AppsPage() {
  const { t } = useTranslation();
  const describe = useDescribeError();
  const showError = useShowError();
  const { pathname, search } = useLocation();
  const [params, setParams] = useSearchParams();
  const tag = toolFilterOf(params.get('tag'));
  /** Tools of the pages after the first, loaded by "show more" (the API gives at most 50 at a time). */
  const [more, setMore] = useState<{ tag: ToolFilter; tools: Tool[] }>({ tag, tools: [] });
  const [loadingMore, setLoadingMore] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const { userinfo } = useViewer();
  const signedIn = !!userinfo?.userId;
  const list = useRemote(`tools:${tag}`, (signal) => getTools(tag, 0, PAGE, signal));
  const extra = more.tag === tag ? more.tools : [];
  const shown = list.data ? [...list.data.data, ...extra] : [];
  const showMore = async () => {
    setLoadingMore(true);
    try {
      const page = await getTools(tag, shown.length, PAGE);
      setMore({ tag, tools: [...extra, ...page.data] });
    } catch (error) {
      showError(error);
    } finally {
      setLoadingMore(false);
    }
  };
  const mine = useRemote(signedIn ? 'tools:mine' : null, (signal) => getMyTools(signal));

  const choose = (next: ToolFilter) => {
    setParams(next === 'all' ? {} : { tag: next }, { replace: true });
  };

  return (
    <div className={`container ${styles.page}`}>
      <header className={styles.header}>
        <div>
          <h1>{t('tools.title')}</h1>
          <p className={styles.lead}>{t('tools.lead')}</p>
        </div>
        {signedIn ? (
          <Button variant="primary" onClick={() => setSubmitting(true)}>
            <Icon name="plus" size={16} />
            {t('tools.submit')}
          </Button>
        ) : (
          <Link to={`/signin?backurl=${encodeURIComponent(pathname + search)}`}>{t('tools.signInToSubmit')}</Link>
        )}
      </header>
      <TagFilter value={tag} onChange={choose} />
      {list.state === 'failed' && !list.data ? (
        <Notice tone="danger">{describe(list.error)}</Notice>
      ) : !list.data ? (
        <ul className={styles.grid} aria-busy="true" aria-label={t('common.loading')}>
          {Array.from({ length: 6 }, (_, i) => (
            <li key={i} className={styles.card}>
              <Skeleton height={120} />
            </li>
          ))}
        </ul>
      ) : list.data.data.length === 0 ? (
        <EmptyState icon="search" title={t('tools.empty')}>
          {tag !== 'all' && (
            <Button variant="ghost" onClick={() => choose('all')}>
              {t('tools.showAll')}
            </Button>
          )}
        </EmptyState>
      ) : (
        <>
          <p className={styles.count} aria-live="polite">
            {t('tools.count', { count: list.data.total })}
          </p>
          <ul className={styles.grid}>
            {shown.map((tool) => (
              <ToolCard key={tool.id} tool={tool} />
            ))}
          </ul>
          {list.data.total > shown.length && (
            <div className={styles.more}>
              <Button loading={loadingMore} onClick={() => void showMore()}>
                {t('tools.more')}
              </Button>
            </div>
          )}
        </>
      )}
      {signedIn && (
        <section className={styles.mineSection} aria-labelledby="tools-mine">
          <h2 id="tools-mine">{t('tools.mine.title')}</h2>
          {mine.data ? <MySubmissions tools={mine.data.data} /> : mine.state === 'failed' ? <Notice tone="danger">{describe(mine.error)}</Notice> : <Skeleton height={40} />}
        </section>
      )}
      <Dialog open={submitting} onClose={() => setSubmitting(false)} title={t('tools.form.title')}>
        <p className={styles.muted}>{t('tools.form.lead')}</p>
        <SubmitToolForm
          onSent={() => {
            setSubmitting(false);
            mine.reload();
          }}
        />
      </Dialog>
    </div>
  );
}
