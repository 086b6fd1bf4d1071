import type { PlayerRow, TimelineRow } from '@server/db/schema';
import { presentCase } from '@server/modules/cases/presenter';
import type { StaffRow } from './staff';

/** A staff member of `/admins`: platform account only when they chose to show it. */
export function presentAdmin(u: StaffRow) {
  const show = u.attr.showOrigin === true;
  return {
    id: u.id,
    username: u.username,
    originName: show ? u.originName : null,
    originUserId: show ? u.originUserId : null,
    privilege: u.privileges,
  };
}

/** A case of `/trend` with its activity count. */
export const presentTrending = (r: { player: PlayerRow; hot: number }) => ({ ...presentCase(r.player), hot: Number(r.hot) });

/** An appeal of `/banAppeals`: its case, with the appeal's status, time and author. */
export const presentAppeal = (r: { entry: TimelineRow; player: PlayerRow; byUserName: string | null }) => ({
  ...presentCase(r.player),
  appealId: r.entry.id,
  appealType: String((r.entry.extra as { appealType?: string } | null)?.appealType ?? 'none'),
  appealStatus: r.entry.appealStatus,
  appealTime: r.entry.createTime.toISOString(),
  byUserId: r.entry.byUserId,
  byUserName: r.byUserName,
  viewedAdmins: r.entry.viewedAdmins ?? [],
});
