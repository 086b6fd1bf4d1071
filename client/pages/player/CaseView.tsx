import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { mayJudge } from '@shared/judgement';
import { mayHideEntry } from '@shared/policy';
import { roomOf, type RoomEvent } from '@shared/socket';
import type { CaseRecord, TimelineEntry } from '@shared/types/cases';
import { markViewed, setEntryVisible, type CaseWithHistory } from '@client/api/cases';
import { Card } from '@client/components/Card';
import { Skeleton } from '@client/components/Skeleton';
import { announce } from '@client/components/announce';
import { useStatusName } from '@client/components/StatusBadge';
import { toast } from '@client/components/toast';
import type { EditorController } from '@client/editor/plugins';
import { SubmitGate } from '@client/forms/SubmitGate';
import { useCaseViewers } from '@client/realtime/caseViewers';
import { useRoom } from '@client/realtime/useRoom';
import { recordVisit } from '@client/state/history';
import { useLocalFlags } from '@client/state/localFlags';
import { useViewer } from '@client/state/session';
import { AppQrButton } from './actions/AppQrButton';
import { FollowButton } from './actions/FollowButton';
import { RefreshButton } from './actions/RefreshButton';
import { AppealSlot } from './appeal/AppealSlot';
import { AppealReview } from './appeal/AppealReview';
import { ShareButton } from './actions/ShareDialog';
import { CaseHeader } from './CaseHeader';
import { StaffPanel } from './judgement/StaffPanel';
import { useVoteTally } from './judgement/useVoteTally';
import { NameHistory } from './NameHistory';
import { ListedNotice } from './ListedNotice';
import { EntryShareDialog } from './timeline/EntryShareDialog';
import { floorAnchor } from './timeline/pageQuery';
import { Timeline } from './timeline/Timeline';
import type { EntryPermissions } from './timeline/TimelineEntryView';
import { useFloorTarget } from './timeline/useFloorTarget';
import { useTimeline } from './timeline/useTimeline';
import { scrolledPast } from './timeline/scrolledPast';
import { useTimelineView } from './timeline/useTimelineView';
import styles from './PlayerPage.module.css';
import { useShowError } from '@client/components/useShowError';

/** The editor is the heaviest part of the page: it loads after the timeline. */
const ReplyForm = lazy(() => import('./reply/ReplyForm').then((m) => ({ default: m.ReplyForm })));
const JudgementPanel = lazy(() => import('./judgement/JudgementPanel').then((m) => ({ default: m.JudgementPanel })));

interface CaseViewProps {
  record: CaseWithHistory;
  /** The case room's sequence the record was read at: the room is joined from it, so no change after the read is missed. */
  lastSeq: number;
  update: (change: (record: CaseWithHistory) => CaseWithHistory) => void;
  reload: () => void;
}

/** Counts a view once per visit of the page. */
function useViewCount(caseId: number, update: CaseViewProps['update']) {
  const counted = useRef<number | null>(null);
  useEffect(() => {
    if (counted.current === caseId) return;
    counted.current = caseId;
    markViewed(caseId).then(
      ({ viewNum }) => update((c) => ({ ...c, viewNum })),
      () => undefined,
    );
  }, [caseId, update]);
}

/** A loaded case: header, live timeline, reply form and name history. */
export function CaseView({ record, lastSeq, update, reload }: CaseViewProps) {
  const { t } = useTranslation();
  const statusName = useStatusName();
  const showError = useShowError();
  const navigate = useNavigate();
  const { search } = useLocation();
  const viewer = useViewer();
  const view = useTimelineView();
  const [quote, setQuote] = useState<TimelineEntry | null>(null);
  const [sharing, setSharing] = useState<number | null>(null);
  const editor = useRef<EditorController | null>(null);
  const caseKey = useMemo(() => ({ dbId: record.id }), [record.id]);

  const flags = useLocalFlags();
  useEffect(() => recordVisit(record.id), [record.id]);
  const merge = useCallback((next: CaseRecord) => update((c) => ({ ...c, ...next })), [update]);
  useViewCount(record.id, update);
  const judgeRole = mayJudge(viewer.privileges);
  const myId = viewer.userinfo?.userId;
  const room = roomOf.case(record.id);
  const viewers = useCaseViewers(viewer.isAdmin ? room : null);

  // The room must be joined before the timeline loads, so its events reach the timeline through a ref.
  const timelineRef = useRef<ReturnType<typeof useTimeline> | null>(null);
  // A change of the case comes after the entry that made it (a transaction's events arrive in order):
  // the viewer's own verdict is told by its form, not again here.
  const lastAuthor = useRef<number | null>(null);
  const shownStatus = useRef(record.status);
  useLayoutEffect(() => {
    shownStatus.current = record.status;
  });
  const onEvent = (event: RoomEvent) => {
    if (event.name === 'timeline.added') {
      const { entry } = event.payload;
      lastAuthor.current = entry.byUserId;
      timelineRef.current?.apply({ type: 'added', entry }, event.seq);
      if (entry.byUserId !== myId) announce(t('live.timelineEntry', { name: entry.username ?? t('timeline.system') }));
    }
    else if (event.name === 'timeline.hidden') {
      const { id, valid, type: entryType, entry } = event.payload;
      timelineRef.current?.apply({ type: 'visibility', id, valid, entryType, entry }, event.seq);
    }
    else if (event.name === 'timeline.updated') timelineRef.current?.apply({ type: 'updated', entry: event.payload.entry }, event.seq);
    else if (event.name === 'case.updated') {
      const { status } = event.payload.case;
      if (status !== shownStatus.current && lastAuthor.current !== myId) announce(t('live.status', { status: statusName(status) }));
      shownStatus.current = status;
      merge(event.payload.case);
    }
    else if (event.name === 'case.votes') {
      const before = votes.tally;
      const tally = event.payload;
      votes.receive(tally);
      // A count is said only while the case waits for votes, and when it moved: a verdict that ends the wait is said as the status it leads to.
      if (tally.status === 6 && (before?.status !== 6 || before.voters.length !== tally.voters.length)) announce(t('live.votes', { count: tally.voters.length, needed: tally.needed }));
    }
  };
  const ready = useRoom(room, {
    lastSeq,
    onEvent,
    onRefetch: () => {
      reload();
      timelineRef.current?.reload();
    },
  });
  const timelineList = useRef<HTMLDivElement | null>(null);
  const timeline = useTimeline({ key: caseKey, ready, position: view.position, filter: view.filter, staff: viewer.isAdmin, awayFromStart: () => scrolledPast(timelineList.current) });
  const votes = useVoteTally(record.id, { enabled: viewer.isAdmin, ready });
  useLayoutEffect(() => {
    timelineRef.current = timeline;
  });

  const highlight = useFloorTarget({
    caseKey,
    entries: timeline.state.entries,
    loaded: timeline.status === 'ready',
    filter: view.filter,
    order: view.position.order,
    showAll: view.showAll,
    goToPage: (page: number) => view.go({ ...view.position, page }, location.hash),
  });

  const can: EntryPermissions = {
    reply: viewer.signedIn,
    mine: (entry) => myId !== undefined && entry.byUserId === myId,
    hide: (entry) => mayHideEntry(viewer.actor, entry, entry.valid === false),
  };

  const toggleVisibility = async (entry: TimelineEntry) => {
    const valid = entry.valid === false;
    try {
      await setEntryVisible(entry.id, valid);
      timeline.apply({ type: 'visibility', id: entry.id, valid });
      toast.success(valid ? t('timeline.shown') : t('timeline.hidden'));
    } catch (error) {
      showError(error);
    }
  };

  const startReply = (entry: TimelineEntry) => {
    setQuote(entry);
    document.getElementById('reply')?.scrollIntoView({ block: 'start' });
    editor.current?.focus();
  };

  const appealTools = (entry: TimelineEntry) =>
    judgeRole && entry.type === 'banAppeal' ? (
      <AppealReview entry={entry} caseId={record.id} caseStatus={record.status} myId={myId} onUpdated={(next) => timeline.apply({ type: 'updated', entry: next })} />
    ) : null;

  // A posted reply takes focus once it is drawn: the form's button it was sent from is disabled
  // again (empty editor, new captcha), which would leave a keyboard user at the top of the page.
  const [focusEntry, setFocusEntry] = useState<number | null>(null);
  useEffect(() => {
    if (focusEntry === null) return;
    const article = document.getElementById(floorAnchor(focusEntry));
    if (!article) return;
    article.focus({ preventScroll: true });
    setFocusEntry(null);
  });

  const posted = (entry: TimelineEntry) => {
    timeline.apply({ type: 'added', entry, mine: true });
    setFocusEntry(entry.id);
    void navigate({ search, hash: floorAnchor(entry.id) }, { preventScrollReset: true });
  };

  return (
    <>
      <CaseHeader
        record={record}
        actions={
          <>
            {viewer.signedIn && flags.subscribes && <FollowButton caseId={record.id} />}
            <ShareButton record={record} />
            {viewer.signedIn && <RefreshButton record={record} onRefreshed={merge} />}
            <AppQrButton personaId={record.originPersonaId} name={record.originName} />
          </>
        }
      />
      <div className={styles.columns}>
        <div className={styles.main}>
          <AppealSlot record={record} column="main" />
          <Timeline
            state={timeline.state}
            status={timeline.status}
            error={timeline.error}
            reload={timeline.reload}
            filter={view.filter}
            onFilter={view.chooseFilter}
            position={view.position}
            onPosition={(position) => view.go(position)}
            pageTo={view.pageTo}
            highlight={highlight}
            can={can}
            onReply={startReply}
            onShare={(entry) => setSharing(entry.id)}
            onVisibility={(entry) => void toggleVisibility(entry)}
            renderExtra={appealTools}
            listRef={timelineList}
          />
          {judgeRole && (
            <Suspense fallback={<Skeleton height={320} radius="var(--radius-md)" />}>
              <JudgementPanel
                record={record}
                roles={viewer.privileges}
                onJudged={(result) => update((c) => ({ ...c, status: result.nextstate, updateTime: result.updateTime }))}
              />
            </Suspense>
          )}
          <Card id="reply">
            <SubmitGate title={<h2 className={styles.sectionTitle}>{t('reply.title')}</h2>} anchor="#reply">
              <Suspense fallback={<Skeleton height={260} radius="var(--radius-md)" />}>
                <ReplyForm caseId={record.id} quote={quote} onClearQuote={() => setQuote(null)} onPosted={posted} controllerRef={editor} fastReplies={judgeRole} />
              </Suspense>
            </SubmitGate>
          </Card>
        </div>
        <aside className={styles.aside}>
          {viewer.isAdmin && <StaffPanel viewers={viewers} myId={myId} tally={votes.tally} status={record.status} />}
          <AppealSlot record={record} column="aside" />
          <NameHistory history={record.history} current={record.originName} />
          <ListedNotice />
        </aside>
      </div>
      <EntryShareDialog entryId={sharing} personaId={record.originPersonaId} onClose={() => setSharing(null)} />
    </>
  );
}
