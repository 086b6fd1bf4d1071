import { useTranslation } from 'react-i18next';
import type { Sponsor } from '@shared/sponsors';
import styles from './Footer.module.css';

/** The sponsors' logos, each linking to its site; nothing at all when there are none. */
export function Sponsors({ sponsors }: { sponsors: readonly Sponsor[] }) {
  const { t } = useTranslation();
  if (!sponsors.length) return null;
  return (
    <section className={styles.sponsors} aria-labelledby="footer-sponsors">
      <h2 id="footer-sponsors" className={styles.columnTitle}>
        {t('footer.sponsors')}
      </h2>
      <ul>
        {sponsors.map((s) => (
          <li key={s.url}>
            <a href={s.url} target="_blank" rel="noreferrer sponsored" title={s.placeholder ? `${s.name} (${t('footer.sponsorPlaceholder')})` : s.name}>
              <img src={s.logo} alt={s.name} width={160} height={48} loading="lazy" />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
