import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { roomOf } from '@shared/socket';
import type { CaseRecord } from '@shared/types/cases';
import { getCasesByIds } from '@client/api/cases';
import { casePathOfId } from '@client/app/casePaths';
import { toast } from '@client/components/toast';
import { showDesktopNotification } from '@client/realtime/desktopNotify';
import { useRoom } from '@client/realtime/useRoom';
import { applyCaseUpdates, commitWorkflow, runDueTasks, workflow, type CaseSummary, type WorkflowState } from '@client/state/workflow';

/** How often due tasks are looked for while the board is open (and once when it opens). */
export const TASK_CHECK_MS = 60_000;
/** Cases read per request (the batch endpoint's limit). */
const BATCH = 128;
/** Live activity is gathered this long before the changed cases are read. */
const LIVE_WAIT_MS = 800;

export const summaryOf = (c: CaseRecord): CaseSummary => ({ id: c.id, name: c.originName, personaId: c.originPersonaId, games: c.games, status: c.status, updateTime: c.updateTime });

/**
 * Keeps the board current while it is open: due timed tasks run on open and every minute (also
 * those that came due while the browser was closed), the cases on the board are read once the
 * board has joined the site's room, and whenever the site's activity feed says one of them was
 * reported, judged or appealed, it is read again so a changed status moves or flags its card.
 *
 * The board listens on the `all` room rather than one `case:` room per card: joining a case room
 * makes a staff member show as viewing that case, and a board of many cards would run into the
 * server's join limit.
 */
export function useBoardUpkeep() {
  const { t } = useTranslation();
  const tRef = useRef(t);
  tRef.current = t;

  useEffect(() => {
    const check = () => {
      const { state, fired } = runDueTasks(workflow as WorkflowState, Date.now());
      if (!fired.length) return;
      commitWorkflow(state);
      const say = tRef.current;
      for (const task of fired) {
        if (task.action === 'archive') {
          toast.info(say('workflow.task.archived', { name: task.name }));
        } else {
          toast.info(say('workflow.task.notified', { name: task.name }), { label: say('common.openCase'), to: casePathOfId(task.id) });
          if (state.settings.isWindowNotify) {
            showDesktopNotification(`workflow-${task.id}`, say('workflow.task.notifyTitle'), say('workflow.task.notified', { name: task.name }), () => {
              window.location.assign(casePathOfId(task.id));
            });
          }
        }
      }
    };
    check();
    const timer = setInterval(check, TASK_CHECK_MS);
    return () => clearInterval(timer);
  }, []);

  const pending = useRef(new Set<number>());
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const refresh = async (ids: number[]) => {
    for (let i = 0; i < ids.length; i += BATCH) {
      let cases: CaseRecord[];
      try {
        cases = await getCasesByIds(ids.slice(i, i + BATCH));
      } catch {
        return; // The board keeps what it knew; the next open or activity tries again.
      }
      const { state, changed } = applyCaseUpdates(workflow as WorkflowState, cases.map(summaryOf), Date.now());
      commitWorkflow(state);
      if (changed.length) toast.info(tRef.current('workflow.live.changed', { formatted: String(changed.length) }));
    }
  };

  const refreshAll = () => void refresh(Object.keys(workflow.cards).map(Number));

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const joinedOnce = useRef(false);
  const ready = useRoom(roomOf.all, {
    onEvent: (event) => {
      if (event.name !== 'activity') return;
      const id = event.payload.item.toPlayerId;
      if (!id || !workflow.cards[id]) return;
      pending.current.add(id);
      if (timer.current) return;
      timer.current = setTimeout(() => {
        timer.current = null;
        const ids = [...pending.current];
        pending.current.clear();
        void refresh(ids);
      }, LIVE_WAIT_MS);
    },
    onRefetch: refreshAll,
    // Read once the room is joined, and again on each re-join: a case judged while the board was
    // still joining is in that read, and every later change arrives as activity.
    onJoin: () => {
      joinedOnce.current = true;
      refreshAll();
    },
  });

  // Realtime slow or down: read anyway once the wait is over (the join, when it comes, reads again).
  useEffect(() => {
    if (ready && !joinedOnce.current) refreshAll();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready]);
}
