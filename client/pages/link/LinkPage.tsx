import { useTranslation } from 'react-i18next';
import { PARTNERS, TRANSLATORS, type LinkEntry } from '@shared/links';
import styles from './LinkPage.module.css';

function Section({ id, title, entries }: { id: string; title: string; entries: readonly LinkEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <section aria-labelledby={id} className={styles.section}>
      <h2 id={id}>{title}</h2>
      <ul className={styles.list}>
        {entries.map((e) => (
          <li key={e.url}>
            <a href={e.url} target="_blank" rel="noreferrer">
              {e.name}
            </a>
            {e.languages?.length ? <span className={styles.languages}>{e.languages.join(', ')}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Partners and translation contributors, from the data file `shared/links.ts` (a section shows once it has an entry). */
export function LinkPage({ partners = PARTNERS, translators = TRANSLATORS }: { partners?: readonly LinkEntry[]; translators?: readonly LinkEntry[] }) {
  const { t } = useTranslation();
  return (
    <div className={`container ${styles.page}`}>
      <h1>{t('link.title')}</h1>
      <p>{t('link.intro')}</p>
      <Section id="link-partners" title={t('link.partners')} entries={partners} />
      <Section id="link-translators" title={t('link.translators')} entries={translators} />
    </div>
  );
}
