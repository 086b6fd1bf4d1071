import { useTranslation } from 'react-i18next';
import { CASE_STATUSES } from '@shared/games';
import { Button } from '@client/components/Button';
import { SelectField, TextField } from '@client/components/Field';
import { Icon } from '@client/components/Icon';
import { useStatusName } from '@client/components/StatusBadge';
import { LIST_GAMES, LIST_SORTS, listQueryString, type ListState } from './listQuery';
import styles from './PlayersPage.module.css';

interface PlayersFiltersProps {
  state: ListState;
  onChange: (next: Partial<ListState>) => void;
  onReset: () => void;
}

type RangeKey = 'createFrom' | 'createTo' | 'updateFrom' | 'updateTo';

/** Game, status, sort and the two time ranges of the player list; every change goes to the URL. */
export function PlayersFilters({ state, onChange, onReset }: PlayersFiltersProps) {
  const { t } = useTranslation();
  const statusName = useStatusName();
  const filtered = listQueryString({ ...state, page: 1 }) !== '';
  const hasRange = !!(state.createFrom || state.createTo || state.updateFrom || state.updateTo);
  const date = (key: RangeKey, label: string, min?: string, max?: string) => (
    <TextField label={label} type="date" value={state[key] ?? ''} min={min} max={max} onChange={(e) => onChange({ [key]: e.target.value || undefined })} />
  );

  return (
    <div className={styles.filters}>
      <div className={styles.filterRow}>
        <SelectField
          label={t('players.game')}
          value={state.game}
          options={LIST_GAMES.map((g) => ({ value: g, label: g === 'all' ? t('players.allGames') : t(`games.${g}`) }))}
          onChange={(game) => onChange({ game })}
        />
        <SelectField
          label={t('players.status')}
          value={String(state.status)}
          options={[{ value: '-1', label: t('players.allStatuses') }, ...CASE_STATUSES.map((s) => ({ value: String(s), label: statusName(s) }))]}
          onChange={(status) => onChange({ status: Number(status) })}
        />
        <SelectField
          label={t('players.sort')}
          value={state.sort}
          options={LIST_SORTS.map((s) => ({ value: s, label: t(`players.sorts.${s}`) }))}
          onChange={(sort) => onChange({ sort })}
        />
      </div>
      <details className={styles.ranges} open={hasRange || undefined}>
        <summary>
          <Icon name="calendar" size={16} />
          {t('players.timeRanges')}
        </summary>
        <div className={styles.filterRow}>
          <fieldset className={styles.range}>
            <legend>{t('players.reportedBetween')}</legend>
            {date('createFrom', t('players.from'), undefined, state.createTo)}
            {date('createTo', t('players.to'), state.createFrom)}
          </fieldset>
          <fieldset className={styles.range}>
            <legend>{t('players.updatedBetween')}</legend>
            {date('updateFrom', t('players.from'), undefined, state.updateTo)}
            {date('updateTo', t('players.to'), state.updateFrom)}
          </fieldset>
        </div>
      </details>
      {filtered && (
        <Button variant="ghost" className={styles.reset} onClick={onReset}>
          <Icon name="close" size={16} />
          {t('players.clearFilters')}
        </Button>
      )}
    </div>
  );
}
