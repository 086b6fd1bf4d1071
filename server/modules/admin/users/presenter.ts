import type { UserRow } from '@server/db/schema';
import type { StaffUserRow } from '@shared/schemas/admin-users';
import { attrForStaff, emailForStaff } from '@server/modules/users/addresses';

/** A stored mute ('YYYY-MM-DD HH:mm:ss' or ISO) as epoch ms; null when there is none or it cannot be read. */
export function muteEnd(mute: string | null | undefined): number | null {
  if (!mute) return null;
  const at = new Date(mute).getTime();
  return Number.isFinite(at) ? at : null;
}

/**
 * A user row as the staff lists show it: picked fields only (never the password hash); the e-mail
 * and the addresses in `attr` only for the levels that see them (`staffSees`).
 */
export function presentStaffUser(row: UserRow, viewerPrivileges: readonly string[], now = Date.now()): StaffUserRow {
  const attr = attrForStaff(row.attr, viewerPrivileges) as Record<string, unknown>;
  const end = muteEnd(row.attr.mute);
  return {
    id: row.id,
    username: row.username,
    privilege: [...row.privileges],
    valid: row.valid,
    originName: row.originName,
    originUserId: row.originUserId,
    originPersonaId: row.originPersonaId,
    originEmail: emailForStaff(row.originEmail, viewerPrivileges),
    createTime: row.createTime.toISOString(),
    updateTime: row.updateTime.toISOString(),
    signoutTime: row.signoutTime?.toISOString() ?? null,
    mutedUntil: end !== null && end > now ? new Date(end).toISOString() : null,
    attr,
  };
}
