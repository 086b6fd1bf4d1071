import { rules } from '@shared/policy';

export const casePolicy = {
  /** Refreshing a case from the platform: any account that is not locked (staff may also block the avatar). */
  update: rules.notLocked,
  /** Full records in bulk: staff and bots. */
  bulk: rules.staffOrBot,
  /** Every matching case in one stream (`GET /players/stream`): bots, admins, super and root. */
  stream: rules.caseStream,
};
