import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, THEMES } from '@shared/languages';
import { SCREENS } from '@shared/screens';
import { SITE_LINKS } from '@client/layout/siteLinks';
import styles from '../about/AboutPage.module.css';

export const SECTIONS = ['supports', 'checks', 'limits', 'standard', 'report'] as const;
type Section = (typeof SECTIONS)[number];
/** How many bullet points each section's translation has. */
const POINTS: Partial<Record<Section, number>> = { supports: 8, checks: 3, limits: 1 };

/** How to report a barrier: the services mailbox (as on /about) and the about page's contacts. */
function Report() {
  const { t } = useTranslation();
  return (
    <ul>
      <li>
        {t('accessibility.report.mail')}
        <br />
        <a href={`mailto:${SITE_LINKS.servicesMail}`}>{SITE_LINKS.servicesMail}</a>
      </li>
      <li>
        <Link to={`${SCREENS.about}#contact`}>{t('accessibility.report.about')}</Link>
      </li>
    </ul>
  );
}

/** /accessibility — what the site supports, what does not work yet, the standard aimed at and how to report a barrier. */
export function AccessibilityPage() {
  const { t } = useTranslation();
  return (
    <div className={`container ${styles.page}`}>
      <nav className={styles.toc} aria-label={t('accessibility.contents')}>
        <ul>
          {SECTIONS.map((id) => (
            <li key={id}>
              <a href={`#${id}`}>{t(`accessibility.${id}.title`)}</a>
            </li>
          ))}
        </ul>
      </nav>
      <article className={styles.article}>
        <header>
          <h1>{t('accessibility.title')}</h1>
          <p className={styles.lead}>{t('accessibility.lead')}</p>
        </header>
        {SECTIONS.map((id) => (
          <section key={id} id={id} className={styles.section} aria-labelledby={`${id}-title`}>
            <h2 id={`${id}-title`}>{t(`accessibility.${id}.title`)}</h2>
            <p>{t(`accessibility.${id}.text`, { count: LANGUAGES.length })}</p>
            {POINTS[id] && (
              <ul>
                {Array.from({ length: POINTS[id] }, (_, i) => (
                  <li key={i}>{t(`accessibility.${id}.points.${i}`, { count: LANGUAGES.length, themes: THEMES.length })}</li>
                ))}
              </ul>
            )}
            {id === 'report' && <Report />}
          </section>
        ))}
      </article>
    </div>
  );
}
