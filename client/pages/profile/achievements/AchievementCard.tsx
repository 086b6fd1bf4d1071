import { useTranslation } from 'react-i18next';
import { achievementById, type AchievementDef } from '@shared/achievements';
import { AchievementIcon } from '@client/components/achievements/AchievementIcon';
import { conditionOf } from '@shared/achievement-condition';
import { Button } from '@client/components/Button';
import { useFormat } from '@client/i18n/format';
import styles from './AchievementsPage.module.css';

export type CardState = { kind: 'owned'; acquiredAt: string } | { kind: 'claimable' } | { kind: 'locked' };

/** One achievement: its badge, name, rarity and points, and by state its date, its Claim button or its condition. */
export function AchievementCard({ def, state, onClaim, claiming }: { def: AchievementDef; state: CardState; onClaim?: () => void; claiming?: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const secret = state.kind === 'locked' && def.isHidden;
  const name = secret ? t('achievements.hiddenName') : t(`achievements.names.${def.id}`);
  const { key, values } = conditionOf(def);
  const shown = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === 'number' ? format.number(v) : v]));
  const requires = def.requires ? achievementById(def.requires) : undefined;
  return (
    <li className={`${styles.item} ${styles[state.kind]}`} data-achievement={def.id}>
      <AchievementIcon def={def} size={48} hidden={secret} muted={state.kind === 'locked'} />
      <div className={styles.body}>
        <div className={styles.titleRow}>
          <h3 className={styles.name}>{name}</h3>
          {!secret && <span className={`${styles.rarity} ${styles[`r_${def.rarity}`]}`}>{t(`achievements.rarity.${def.rarity}`)}</span>}
          <span className={styles.points}>{t('achievements.points', { points: format.number(def.points) })}</span>
        </div>
        <p className={styles.condition}>{secret ? t('achievements.hiddenCondition') : t(`achievements.conditions.${key}`, shown)}</p>
        {state.kind === 'locked' && !secret && requires && <p className={styles.note}>{t('achievements.requires', { name: t(`achievements.names.${requires.id}`) })}</p>}
        {state.kind === 'locked' && !secret && def.acquisition === 'passive' && <p className={styles.note}>{t('achievements.passive')}</p>}
        {state.kind === 'owned' && <p className={styles.note}>{t('achievements.acquiredOn', { date: format.date(state.acquiredAt) })}</p>}
      </div>
      {state.kind === 'claimable' && (
        <Button variant="primary" size="sm" loading={claiming} onClick={onClaim} aria-label={`${t('achievements.claim')}: ${name}`}>
          {t('achievements.claim')}
        </Button>
      )}
    </li>
  );
}
