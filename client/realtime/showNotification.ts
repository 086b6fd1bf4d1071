import type { RoomEventMap } from '@shared/socket';
import { casePathOfNotice } from '@client/app/casePaths';
import { toast } from '@client/components/toast';
import { i18n } from '@client/i18n/setup';

/** An inbox notification, as a toast (its text comes translated from the server), linking to its case. */
export function showNotification(notice: RoomEventMap['notification']) {
  const to = casePathOfNotice(notice);
  toast.info(notice.content, to ? { label: i18n.t('common.openCase'), to } : undefined);
}
