import { useTranslation } from 'react-i18next';
import type { ToolState, ToolWithReview } from '@shared/schemas/tools';
import { Badge, type Tone } from '@client/components/Badge';
import { DateTime } from '@client/components/DateTime';
import styles from './AppsPage.module.css';

const TONE: Record<ToolState, Tone> = { pending: 'info', approved: 'success', rejected: 'danger' };

/** The signed-in member's submissions, with where each stands and why one was rejected. */
export function MySubmissions({ tools }: { tools: readonly ToolWithReview[] }) {
  const { t } = useTranslation();
  if (!tools.length) return <p className={styles.muted}>{t('tools.mine.none')}</p>;
  return (
    <ul className={styles.mine}>
      {tools.map((tool) => (
        <li key={tool.id}>
          <span className={styles.mineName} dir="auto">
            {tool.name}
          </span>
          <Badge tone={TONE[tool.status]}>{t(`tools.state.${tool.status}`)}</Badge>
          <span className={styles.muted}>
            <DateTime value={tool.createTime} />
          </span>
          {tool.status === 'rejected' && tool.reason && <p className={styles.reason}>{t('tools.mine.reason', { reason: tool.reason })}</p>}
        </li>
      ))}
    </ul>
  );
}
