import { useTranslation } from 'react-i18next';
import { TOOL_FILTERS, type ToolFilter } from '@shared/schemas/tools';
import styles from './AppsPage.module.css';

/** The filter chips; the chosen one is pressed (and lives in the URL, see AppsPage). */
export function TagFilter({ value, onChange }: { value: ToolFilter; onChange: (tag: ToolFilter) => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.filters} role="group" aria-label={t('tools.filterLabel')}>
      {TOOL_FILTERS.map((tag) => (
        <button key={tag} type="button" className={styles.chip} aria-pressed={tag === value} onClick={() => onChange(tag)}>
          {t(`tools.tag.${tag}`)}
        </button>
      ))}
    </div>
  );
}
