import { subscribe } from 'valtio';
import { isAdmin } from '@shared/privileges';
import { roomOf } from '@shared/socket';
import { api } from '@client/api/client';
import { i18n } from '@client/i18n/setup';
import { formatNumber } from '@client/i18n/format';
import { OPEN_CASES_PATH, openCases } from '@client/state/openCases';
import { localFlags } from '@client/state/localFlags';
import { preferences } from '@client/state/preferences';
import { session, viewerOf } from '@client/state/session';
import { notifyPermission, shouldNotify, showDesktopNotification } from './desktopNotify';
import { realtime } from './RealtimeClient';

/** The exact number of open cases, read past the list's 10-second cache. */
const countOpenCases = () =>
  api.get<{ total: number }>('/players', { game: 'all', status: 0, sortBy: 'createTime', order: 'desc', skip: 0, limit: 1 }, { fresh: true }).then((d) => d.total);

/** How long to wait for the staff room before reading the count without it (realtime down or blocked). */
const JOIN_WAIT_MS = 1500;

function setCount(next: number, navigate: (to: string) => void) {
  const previous = openCases.count;
  openCases.count = next;
  const change = { previous, next, hidden: document.hidden, enabled: preferences.desktopNotification, permission: notifyPermission() };
  if (!shouldNotify(change)) return;
  const lang = i18n.language;
  showDesktopNotification(
    'tribunal-open-cases',
    i18n.t('openCases.notification.title', { count: next, formatted: formatNumber(next, lang) }),
    i18n.t(next > previous! ? 'openCases.notification.more' : 'openCases.notification.fewer', { count: next, formatted: formatNumber(next, lang), before: formatNumber(previous!, lang) }),
    () => navigate(OPEN_CASES_PATH),
  );
}

/**
 * Keeps `openCases.count` live for staff: the `cases.open` events of the staff room (replayed
 * after reconnects), the first value read once the room is joined. No polling. While the tab is
 * hidden, a change shows a desktop notification when the user turned them on. Only with the
 * staff enhancements on (the `enhance` local flag).
 */
export function startOpenCases(navigate: (to: string) => void) {
  let staffId: number | null = null;
  let leave: (() => void) | null = null;
  /** Bumped by every live count: a read that started before one is older than it. */
  let heard = 0;

  const load = async (forId: number) => {
    const before = heard;
    try {
      const total = await countOpenCases();
      if (staffId === forId && heard === before) setCount(total, navigate);
    } catch {
      // The next event (or reconnect) brings the count.
    }
  };

  const sync = () => {
    const userId = session.token ? (session.userinfo?.userId ?? null) : null;
    const next = userId !== null && isAdmin(viewerOf(session).privileges) && localFlags.enhance ? userId : null;
    if (next === staffId) return;
    leave?.();
    leave = null;
    staffId = next;
    openCases.count = null;
    if (next === null) return;
    const forId = next;
    const timer = setTimeout(() => void load(forId), JOIN_WAIT_MS);
    const leaveRoom = realtime.join(roomOf.staff, {
      onEvent: (event) => {
        if (event.name !== 'cases.open') return;
        heard++;
        setCount(event.payload.count, navigate);
      },
      onJoin: (result) => {
        clearTimeout(timer);
        // Refused as too many: read the count now; the join is asked again later and reads it again.
        if (result.ok || result.code === 'room.rateLimited') void load(forId);
      },
      onRefetch: () => void load(forId),
    });
    leave = () => {
      clearTimeout(timer);
      leaveRoom();
    };
  };

  sync();
  const stop = subscribe(session, sync);
  const stopFlags = subscribe(localFlags, sync);
  return () => {
    stop();
    stopFlags();
    leave?.();
  };
}
