import { useTranslation } from 'react-i18next';
import type { NameHistoryItem } from '@shared/types/cases';
import { Card } from '@client/components/Card';
import { useFormat } from '@client/i18n/format';
import styles from './PlayerPage.module.css';

/** Every name the account was seen with, newest first (GET /player?history=true). */
export function NameHistory({ history, current }: { history: readonly NameHistoryItem[]; current: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const names = [...history].sort((a, b) => Date.parse(b.fromTime) - Date.parse(a.fromTime));
  return (
    <Card title={t('case.history.title')} description={t('case.history.count', { count: names.length })}>
      {names.length === 0 ? (
        <p className={styles.muted}>{t('case.history.empty')}</p>
      ) : (
        <ol className={styles.names}>
          {names.map((item, i) => {
            // The newest name, when it is the one the account has now, has not ended: it reads "since".
            const isCurrent = i === 0 && item.originName === current;
            return (
              <li key={`${item.originName}-${item.fromTime}`}>
                <span className={styles.historyName}>
                  {item.originName}
                  {isCurrent && <span className={styles.currentTag}>{t('case.history.current')}</span>}
                </span>
                <span className={styles.muted}>
                  {isCurrent
                    ? t('case.history.since', { from: format.date(item.fromTime) })
                    : item.fromTime === item.toTime
                      ? format.date(item.fromTime)
                      : t('case.history.range', { from: format.date(item.fromTime), to: format.date(item.toTime) })}
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
}
