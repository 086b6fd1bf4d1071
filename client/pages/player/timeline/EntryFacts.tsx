import { useTranslation } from 'react-i18next';
import { splitLinks } from '@shared/evidence';
import type { TimelineEntry } from '@shared/types/cases';
import { Badge } from '@client/components/Badge';
import { verdictTone } from '@client/components/StatusBadge';
import { Icon } from '@client/components/Icon';
import { AppealFacts } from '../appeal/AppealFacts';
import styles from './Timeline.module.css';

function Links({ links }: { links: ReadonlyArray<[string, string]> }) {
  if (!links.length) return null;
  return (
    <ul className={styles.links}>
      {links.map(([label, href]) => (
        <li key={href}>
          <a href={href} target="_blank" rel="noopener noreferrer nofollow">
            <Icon name="external" size={13} />
            {label}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** What an entry records besides its text: the reported game and methods, a verdict, an appeal's links. */
export function EntryFacts({ entry }: { entry: TimelineEntry }) {
  const { t } = useTranslation();
  const methods = entry.cheatMethods?.map((m) => t(`cheatMethods.${m}`, { defaultValue: m }));
  switch (entry.type) {
    case 'report':
      return (
        <div className={styles.facts}>
          {entry.cheatGame && <Badge tone="info">{t(`games.${entry.cheatGame}`, { defaultValue: entry.cheatGame })}</Badge>}
          {methods?.map((m) => (
            <Badge key={m} tone="danger">
              {m}
            </Badge>
          ))}
          <Links links={splitLinks(entry.videoLink).map((href, i) => [t('timeline.video', { n: i + 1 }), href])} />
        </div>
      );
    case 'judgement':
      return (
        <div className={styles.facts}>
          {entry.judgeAction && <Badge tone={verdictTone(entry.judgeAction)}>{t(`timeline.judgeActions.${entry.judgeAction}`, { defaultValue: entry.judgeAction })}</Badge>}
          {entry.appealOutcome && <Badge tone={entry.appealOutcome === 'accept' ? 'success' : 'neutral'}>{t(`timeline.appealOutcome.${entry.appealOutcome}`)}</Badge>}
          {entry.hackerLevel ? <Badge tone="danger">{t('case.hackerLevel', { level: entry.hackerLevel })}</Badge> : null}
          {methods?.map((m) => (
            <Badge key={m} tone="danger">
              {m}
            </Badge>
          ))}
        </div>
      );
    case 'banAppeal':
      return <AppealFacts entry={entry} />;
    default:
      return null;
  }
}
