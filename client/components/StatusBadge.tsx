import { useTranslation } from 'react-i18next';
import { CASE_STATUS_NAMES, type CaseStatus } from '@shared/games';
import { ACTION_TARGET } from '@shared/judgement';
import { Badge, type Tone } from './Badge';

/**
 * One colour per case status, the same on lists, case pages, share cards and the judgement log.
 * Red is for confirmed cheaters only: 7 (needs more evidence, reached only by the `more` verdict)
 * decides nothing and is neutral.
 */
export const STATUS_TONE: Record<CaseStatus, Tone> = {
  0: 'neutral',
  1: 'danger',
  2: 'violet',
  3: 'success',
  4: 'neutral',
  5: 'warning',
  6: 'info',
  7: 'neutral',
  8: 'success',
  9: 'accent',
};

const isStatus = (status: number): status is CaseStatus => status in CASE_STATUS_NAMES;

/** The translated name of a case status. */
export function useStatusName() {
  const { t } = useTranslation();
  return (status: number) => (isStatus(status) ? t(`caseStatus.${CASE_STATUS_NAMES[status]}`) : String(status));
}

export function StatusBadge({ status }: { status: number }) {
  const name = useStatusName();
  return <Badge tone={isStatus(status) ? STATUS_TONE[status] : 'neutral'}>{name(status)}</Badge>;
}

/** A verdict wears the colour of the status it leads to (`more` → neutral, `kill` → red). */
export function verdictTone(action: string): Tone {
  const target = (ACTION_TARGET as Record<string, number>)[action];
  return target !== undefined && isStatus(target) ? STATUS_TONE[target] : 'warning';
}
