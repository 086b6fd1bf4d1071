import { useFormat } from '@client/i18n/format';
import styles from './SiteStatsPage.module.css';

/** A place in a ranked list (1-based); the first three stand out. */
export function RankNumber({ place }: { place: number }) {
  const format = useFormat();
  return (
    <span className={styles.rank} data-top={place <= 3 ? place : undefined}>
      {format.number(place)}
    </span>
  );
}
