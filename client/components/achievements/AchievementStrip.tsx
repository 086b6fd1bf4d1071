import { useTranslation } from 'react-i18next';
import { showcaseOf } from '@shared/achievements';
import { AchievementIcon } from './AchievementIcon';
import styles from './Achievements.module.css';

/**
 * A user's achievements in a row, rarest first: `max` badges, then "+N" for the rest (3 on user pages
 * and timeline entries, 8 on the hover card). Nothing when there are none to show.
 */
export function AchievementStrip({ owned, max, size = 24, showNames = false }: { owned: Record<string, number> | undefined; max: number; size?: number; showNames?: boolean }) {
  const { t } = useTranslation();
  const all = showcaseOf(owned);
  if (!all.length) return null;
  const shown = all.slice(0, max);
  const rest = all.length - shown.length;
  return (
    <ul className={styles.strip} aria-label={t('achievements.stripLabel')} data-testid="achievement-strip">
      {shown.map((def) => {
        const name = t(`achievements.names.${def.id}`);
        return (
          <li key={def.id} title={`${name} · ${t(`achievements.rarity.${def.rarity}`)}`} className={showNames ? styles.named : undefined}>
            <AchievementIcon def={def} size={size} />
            {showNames ? <span className={styles.stripName}>{name}</span> : <span className="visually-hidden">{name}</span>}
          </li>
        );
      })}
      {rest > 0 && (
        <li className={styles.more} aria-label={t('achievements.moreLabel', { count: rest })}>
          {t('achievements.more', { count: rest })}
        </li>
      )}
    </ul>
  );
}
