import { useTranslation } from 'react-i18next';
import type { Tool } from '@shared/schemas/tools';
import { Badge } from '@client/components/Badge';
import { ToolLinks } from './ToolLink';
import styles from './AppsPage.module.css';

/** A tool's icon: its picture, or its initial on a tinted square when it has none (or it fails to load). */
function ToolIcon({ tool }: { tool: Tool }) {
  if (tool.icon) return <img className={styles.icon} src={tool.icon} alt="" width={48} height={48} loading="lazy" referrerPolicy="no-referrer" />;
  return (
    <span className={styles.icon} aria-hidden="true" data-initial>
      {tool.name.trim().charAt(0).toUpperCase()}
    </span>
  );
}

/** One entry of the directory. */
export function ToolCard({ tool }: { tool: Tool }) {
  const { t } = useTranslation();
  return (
    <li className={styles.card}>
      <div className={styles.cardHead}>
        <ToolIcon tool={tool} />
        <div>
          <h2 className={styles.name} dir="auto">
            {tool.name}
          </h2>
          <div className={styles.badges}>
            {tool.hot && <Badge tone="danger">{t('tools.hot')}</Badge>}
            {tool.official && <Badge tone="accent">{t('tools.official')}</Badge>}
          </div>
        </div>
      </div>
      <p className={styles.description} dir="auto">
        {tool.description}
      </p>
      <ul className={styles.tags} aria-label={t('tools.tagsLabel')}>
        {tool.tags.map((tag) => (
          <li key={tag}>{t(`tools.tag.${tag}`)}</li>
        ))}
      </ul>
      <div className={styles.links}>
        <ToolLinks tool={tool} />
      </div>
    </li>
  );
}
