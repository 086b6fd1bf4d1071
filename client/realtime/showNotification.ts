import type { RoomEventMap } from '@shared/socket';
import { casePathOfId } from '@client/app/casePaths';
import { toast } from '@client/components/toast';
import { i18n } from '@client/i18n/setup';

/** An inbox notification, as a toast (its text comes translated from the server), linking to its case. */
export function showNotification({ content, playerId }: RoomEventMap['notification']) {
  toast.info(content, playerId ? { label: i18n.t('common.openCase'), to: casePathOfId(playerId) } : undefined);
}
