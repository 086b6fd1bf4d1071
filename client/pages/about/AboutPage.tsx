import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { dateInZone } from '@shared/festive';
import { CASE_STATUS_NAMES, CASE_STATUSES, COMMUNITY_START, SITE_START } from '@shared/games';
import { SCREENS } from '@shared/screens';
import { StatusBadge } from '@client/components/StatusBadge';
import { useFormat } from '@client/i18n/format';
import { SITE_LINKS } from '@client/layout/siteLinks';
import styles from './AboutPage.module.css';

const SECTIONS = ['mission', 'process', 'appeal', 'app', 'privacy', 'terms', 'contact'] as const;
type Section = (typeof SECTIONS)[number];
/** How many bullet points each section's translation has. */
const POINTS: Partial<Record<Section, number>> = { mission: 3, process: 3, appeal: 4, privacy: 4, terms: 4 };
/** The launch day, a calendar date in the site's time zone: the same day for every reader. */
const LAUNCH_DAY = dateInZone(new Date(SITE_START));

/** Scrolls to `#id` after the page renders (the router does not do it for lazy pages). */
function useHashScroll() {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
}

/** What each case status means, with the badge the lists and case pages show. */
function StatusList() {
  const { t } = useTranslation();
  return (
    <>
      <h3 className={styles.subtitle}>{t('about.process.statusesTitle')}</h3>
      <dl className={styles.statuses}>
        {CASE_STATUSES.map((status) => (
          <div key={status} className={styles.status}>
            <dt>
              <StatusBadge status={status} />
            </dt>
            <dd>{t(`about.process.statuses.${CASE_STATUS_NAMES[status]}`)}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

/** The two mailboxes, the same addresses as the footer's. */
function Contacts() {
  const { t } = useTranslation();
  return (
    <ul>
      {(['appeals', 'services'] as const).map((box) => {
        const mail = box === 'appeals' ? SITE_LINKS.appealsMail : SITE_LINKS.servicesMail;
        return (
          <li key={box}>
            {t(`about.contact.${box}`)}
            <br />
            <a href={`mailto:${mail}`}>{mail}</a>
          </li>
        );
      })}
    </ul>
  );
}

/** What a section shows after its text and points. */
function Extra({ id }: { id: Section }) {
  const { t } = useTranslation();
  if (id === 'process') return <StatusList />;
  if (id === 'contact') return <Contacts />;
  if (id === 'app')
    return (
      <p>
        <Link to={SCREENS.app}>{t('about.app.link')}</Link>
      </p>
    );
  return null;
}

/** /about — what the site is and since when, how cases are judged and appealed, privacy, terms and contacts. */
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
          <p className={styles.lead}>{t('about.lead', { community: format.monthYear(COMMUNITY_START) })}</p>
          <p className={styles.launch}>
            {t('about.launched')} <time dateTime={LAUNCH_DAY}>{format.calendarDate(LAUNCH_DAY)}</time>
          </p>
        </header>
        {SECTIONS.map((id) => (
          <section key={id} id={id} className={styles.section} aria-labelledby={`${id}-title`}>
            <h2 id={`${id}-title`}>{t(`about.${id}.title`)}</h2>
            <p>{t(`about.${id}.text`)}</p>
            {POINTS[id] && (
              <ul>
                {Array.from({ length: POINTS[id] }, (_, i) => (
                  <li key={i}>{t(`about.${id}.points.${i}`)}</li>
                ))}
              </ul>
            )}
            <Extra id={id} />
          </section>
        ))}
      </article>
    </div>
  );
}
