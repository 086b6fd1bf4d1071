import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SITE_START } from '@shared/games';
import { useFormat } from '@client/i18n/format';
import { SITE_LINKS } from '@client/layout/siteLinks';
import styles from './AboutPage.module.css';

const SECTIONS = ['mission', 'process', 'privacy', 'terms', 'contact'] as const;
/** How many bullet points each section's translation has. */
const POINTS: Partial<Record<(typeof SECTIONS)[number], number>> = { process: 3, privacy: 4, terms: 4 };

/** Scrolls to `#id` after the page renders (the router does not do it for lazy pages). */
function useHashScroll() {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
}

export function AboutPage() {
  const { t } = useTranslation();
  const format = useFormat();
  useHashScroll();

  return (
    <div className={`container ${styles.page}`}>
      <nav className={styles.toc} aria-label={t('about.contents')}>
        <ul>
          {SECTIONS.map((id) => (
            <li key={id}>
              <a href={`#${id}`}>{t(`about.${id}.title`)}</a>
            </li>
          ))}
        </ul>
      </nav>
      <article className={styles.article}>
        <header>
          <h1>{t('about.title')}</h1>
          <p className={styles.lead}>{t('about.lead', { since: format.monthYear(SITE_START) })}</p>
        </header>
        {SECTIONS.map((id) => (
          <section key={id} id={id} className={styles.section} aria-labelledby={`${id}-title`}>
            <h2 id={`${id}-title`}>{t(`about.${id}.title`)}</h2>
            <p>{t(`about.${id}.text`, { appeals: SITE_LINKS.appealsMail, services: SITE_LINKS.servicesMail })}</p>
            {POINTS[id] && (
              <ul>
                {Array.from({ length: POINTS[id] }, (_, i) => (
                  <li key={i}>{t(`about.${id}.points.${i}`)}</li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </article>
    </div>
  );
}
