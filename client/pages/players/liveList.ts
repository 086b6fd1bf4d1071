import type { ActivityItem } from '@shared/types/cases';
import type { ListState } from './listQuery';

/**
 * Whether a live activity may change the list as it is shown (the `autoUpdatePlayerList` local
 * flag): only the first page of the newest-first sorts moves; a new report, a verdict or an
 * appeal about a case of the chosen game; not when a range ends in the past.
 */
export function takesLive(state: ListState, item: ActivityItem): boolean {
  if (state.page !== 1 || (state.sort !== 'createTime' && state.sort !== 'updateTime')) return false;
  if (state.createTo || state.updateTo) return false;
  if (item.type === 'register') return false;
  if (item.type === 'report' && state.sort === 'createTime' && state.status !== -1 && state.status !== 0) return false;
  if (state.game === 'all') return true;
  return item.game === state.game || (item.playerGames ?? []).includes(state.game);
}

/** Several events close together make one reload. */
export const LIVE_RELOAD_WAIT_MS = 800;
