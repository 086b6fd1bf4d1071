import { useTranslation } from 'react-i18next';
import styles from './ListedPage.module.css';

const SECTIONS = ['meaning', 'verdicts', 'appeal'] as const;

/** /listed — for a player who found their name here: what being listed means, how verdicts are made, how to appeal. */
export function ListedPage() {
  const { t } = useTranslation();
  return (
    <div className={`container ${styles.page}`}>
      <header>
        <h1>{t('listed.title')}</h1>
        <p className={styles.lead}>{t('listed.lead')}</p>
      </header>
      {SECTIONS.map((id) => (
        <section key={id} id={id} aria-labelledby={`listed-${id}`}>
          <h2 id={`listed-${id}`}>{t(`listed.${id}.title`)}</h2>
          <p>{t(`listed.${id}.body`)}</p>
        </section>
      ))}
    </div>
  );
}
