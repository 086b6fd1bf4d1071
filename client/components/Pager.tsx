import { Link, type To } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@client/i18n/format';
import { Icon } from './Icon';
import { pagerItems } from './pagerItems';
import styles from './Pager.module.css';

interface PagerProps {
  /** 1-based. */
  page: number;
  pageCount: number;
  /** The address of a page: pagers are links, so every page has its own URL. */
  to: (page: number) => To;
  /** What the pages are of, for assistive tech. */
  label: string;
  /** Keep the scroll position (pagers inside a page section rather than at a list's end). */
  preventScrollReset?: boolean;
  /**
   * Called with the page a link of the pager goes to, as it is followed: `usePagerFocus`'s `go`, so
   * that focus moves to the new page's list once it is in, on every screen with a pager.
   */
  onGo: (page: number) => void;
}

export function Pager({ page, pageCount, to, label, preventScrollReset, onGo }: PagerProps) {
  const { t } = useTranslation();
  const format = useFormat();
  if (pageCount <= 1) return null;
  const edge = (target: number, icon: 'chevronLeft' | 'chevronRight', text: string) =>
    target < 1 || target > pageCount ? (
      <span className={`${styles.item} ${styles.disabled}`} aria-hidden>
        <Icon name={icon} size={16} />
      </span>
    ) : (
      <Link className={styles.item} to={to(target)} aria-label={text} preventScrollReset={preventScrollReset} onClick={() => onGo(target)}>
        <Icon name={icon} size={16} />
      </Link>
    );
  return (
    <nav className={styles.pager} aria-label={label}>
      {edge(page - 1, 'chevronLeft', t('pager.previous'))}
      <ul className={styles.list}>
        {pagerItems(page, pageCount).map((item, i) =>
          item === 'gap' ? (
            <li key={`gap${i}`} className={styles.gap} aria-hidden>
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                className={styles.item}
                to={to(item)}
                aria-current={item === page ? 'page' : undefined}
                aria-label={t('pager.page', { page: format.number(item) })}
                preventScrollReset={preventScrollReset}
                onClick={() => onGo(item)}
              >
                {format.number(item)}
              </Link>
            </li>
          ),
        )}
      </ul>
      {edge(page + 1, 'chevronRight', t('pager.next'))}
    </nav>
  );
}
