import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { readsAsVisitor } from '@shared/policy';
import type { TimelineEntry } from '@shared/types/cases';
import { downloadOwnFile, ownFileUrl } from '@client/api/files';
import { getTimelineItem } from '@client/api/judgement';
import { signinPath } from '@client/app/guards';
import { Badge, type Tone } from '@client/components/Badge';
import { Button } from '@client/components/Button';
import { Icon } from '@client/components/Icon';
import { toast } from '@client/components/toast';
import { useViewer } from '@client/state/session';
import { useDescribeAppealError } from './describe';
import styles from './Appeal.module.css';

const STATE_TONE: Record<string, Tone> = { unprocessed: 'warning', accept: 'success', fail: 'danger', lock: 'neutral' };

/** An appeal's state as a badge: unprocessed, accepted, failed or locked. */
export function AppealStateBadge({ state }: { state: string }) {
  const { t } = useTranslation();
  return <Badge tone={STATE_TONE[state] ?? 'neutral'}>{t(`appeal.states.${state}`, { defaultValue: state })}</Badge>;
}

/** The MOSS archive, fetched with the session's token (a plain link cannot send it). */
function MossDownload({ href }: { href: string }) {
  const { t } = useTranslation();
  const describe = useDescribeAppealError();
  const [busy, setBusy] = useState(false);
  const own = ownFileUrl(href);
  if (!own) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow" className={styles.linkItem}>
        <Icon name="external" size={13} />
        {t('appeal.links.mossDownloadUrl')}
      </a>
    );
  }
  const download = async () => {
    setBusy(true);
    try {
      await downloadOwnFile(own);
    } catch (error) {
      toast.error(describe(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" size="sm" loading={busy} onClick={() => void download()}>
      <Icon name="bookmark" size={14} />
      {t('appeal.download')}
    </Button>
  );
}

/**
 * The links and archive of an appeal that arrived live: live events are public and leave them out,
 * so a signed-in reader asks for the entry once.
 */
function useAttachment(entry: TimelineEntry, signedIn: boolean): TimelineEntry['content'] {
  const [full, setFull] = useState<TimelineEntry | null>(null);
  const missing = signedIn && !entry.content.showAttachment && entry.type === 'banAppeal';
  useEffect(() => {
    if (!missing) return;
    const controller = new AbortController();
    getTimelineItem(entry.id, controller.signal).then(setFull, () => undefined);
    return () => controller.abort();
  }, [missing, entry.id]);
  if (!missing || !full?.content.showAttachment) return entry.content;
  return { ...entry.content, showAttachment: true, extendedLinks: { ...entry.content.extendedLinks, ...full.content.extendedLinks } };
}

/** What an appeal entry records: its type and state, its links, and its MOSS archive for signed-in readers. */
export function AppealFacts({ entry }: { entry: TimelineEntry }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const viewer = useViewer();
  // A banned account reads entries as a visitor does (shared/policy.ts): asking again would show nothing more.
  const content = useAttachment(entry, viewer.signedIn && !readsAsVisitor(viewer));
  const type = content.appealType === 'none' ? 'other' : content.appealType;
  const links = content.extendedLinks ?? {};
  const outside = (['btrLink', 'videoLink'] as const).filter((kind) => !!links[kind]);
  return (
    <div className={styles.facts}>
      <div className={styles.badges}>
        {type && <Badge tone="accent">{t(`appeal.types.${type}`, { defaultValue: type })}</Badge>}
        {entry.appealStatus && <AppealStateBadge state={entry.appealStatus} />}
      </div>
      {(outside.length > 0 || links.mossDownloadUrl) && (
        <ul className={styles.links}>
          {outside.map((kind) => (
            <li key={kind}>
              <a href={links[kind]} target="_blank" rel="noopener noreferrer nofollow" className={styles.linkItem}>
                <Icon name="external" size={13} />
                {t(`appeal.links.${kind}`)}
              </a>
            </li>
          ))}
          {links.mossDownloadUrl && content.showAttachment && (
            <li>
              <MossDownload href={links.mossDownloadUrl} />
            </li>
          )}
        </ul>
      )}
      {!content.showAttachment && !viewer.signedIn && (
        <p className={styles.muted}>
          <Icon name="lock" size={13} /> <Link to={signinPath({ backurl: `${pathname}${search}#floor-${entry.id}` })}>{t('appeal.signInForAttachments')}</Link>
        </p>
      )}
    </div>
  );
}
