import { useTranslation } from 'react-i18next';
import { achievementIcon, type AchievementDef } from '@shared/achievements';
import styles from './Achievements.module.css';

/** An achievement's badge: its group's picture in a frame coloured by rarity; a "?" while `hidden`. */
export function AchievementIcon({ def, size = 40, hidden = false, muted = false }: { def: AchievementDef; size?: number; hidden?: boolean; muted?: boolean }) {
  const { t } = useTranslation();
  const cls = `${styles.icon} ${styles[def.rarity]} ${muted ? styles.muted : ''}`;
  if (hidden) {
    return (
      <span className={`${styles.icon} ${styles.unknown}`} style={{ width: size, height: size, fontSize: size * 0.45 }} aria-label={t('achievements.hiddenName')} role="img">
        ?
      </span>
    );
  }
  return (
    <span className={cls} style={{ width: size, height: size }}>
      <img src={achievementIcon(def)} alt="" width={size} height={size} loading="lazy" />
    </span>
  );
}
