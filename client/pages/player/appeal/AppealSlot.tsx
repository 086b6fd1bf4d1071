import type { CaseRecord } from '@shared/types/cases';
import { useLocalFlags } from '@client/state/localFlags';
import { AppealPanel } from './AppealPanel';

/**
 * The appeal panel in the column the `detailLeftAppealPanel` local flag picks: the main (left)
 * column above the timeline, or the side column (the default).
 */
export function AppealSlot({ record, column }: { record: CaseRecord; column: 'main' | 'aside' }) {
  const { detailLeftAppealPanel } = useLocalFlags();
  return (detailLeftAppealPanel ? 'main' : 'aside') === column ? <AppealPanel record={record} /> : null;
}
