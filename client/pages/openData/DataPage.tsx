import { useTranslation } from 'react-i18next';
import { LIMITS } from '@shared/limits';
import type { DumpInfo } from '@shared/open-data';
import { getDumps } from '@client/api/dumps';
import { Button } from '@client/components/Button';
import { EmptyState } from '@client/components/EmptyState';
import { Skeleton } from '@client/components/Skeleton';
import { useDescribeError } from '@client/api/describeError';
import { useRemote } from '@client/hooks/useRemote';
import { useFormat } from '@client/i18n/format';
import styles from './DataPage.module.css';

/** One day's dump: its files, each with a download link, its size and its SHA-256. */
function Dump({ dump }: { dump: DumpInfo }) {
  const { t } = useTranslation();
  const format = useFormat();
  const headingId = `dump-${dump.day}`;
  return (
    <li className={styles.dump} aria-labelledby={headingId} data-dump={dump.day}>
      <h3 id={headingId}>{format.calendarDate(dump.day)}</h3>
      <p className={styles.muted}>{t('openData.cases', { count: dump.cases, formatted: format.number(dump.cases) })}</p>
      <ul className={styles.files}>
        {dump.files.map((f) => (
          <li key={f.kind} className={styles.file}>
            <a href={f.url} download={f.fileName} aria-label={t('openData.download', { file: t(`openData.kinds.${f.kind}`), day: format.calendarDate(dump.day) })}>
              {t(`openData.kinds.${f.kind}`)}
            </a>
            <span className={styles.muted}>{format.bytes(f.bytes)}</span>
            <span className={styles.hash}>
              {t('openData.sha256')} <code>{f.sha256}</code>
            </span>
          </li>
        ))}
      </ul>
    </li>
  );
}

/** /data — the daily open-data dumps: what they hold, what they leave out, and the files to download. */
export function DataPage() {
  const { t } = useTranslation();
  const describe = useDescribeError();
  const dumps = useRemote('dumps', (signal) => getDumps(signal));
  return (
    <div className={`container ${styles.page}`}>
      <header>
        <h1>{t('openData.title')}</h1>
        <p className={styles.lead}>{t('openData.lead')}</p>
      </header>
      <section aria-labelledby="data-about">
        <h2 id="data-about">{t('openData.about')}</h2>
        <ul className={styles.facts}>
          <li>{t('openData.holds')}</li>
          <li>{t('openData.leavesOut')}</li>
          <li>{t('openData.formats')}</li>
          <li>{t('openData.kept', { days: LIMITS.dumpKeepDays })}</li>
          <li>{t('openData.verify')}</li>
        </ul>
      </section>
      <section aria-labelledby="data-dumps">
        <h2 id="data-dumps">{t('openData.list')}</h2>
        {dumps.state === 'failed' && !dumps.data ? (
          <EmptyState tone="error" icon="alert" title={t('openData.failed')} action={<Button onClick={dumps.reload}>{t('common.retry')}</Button>}>
            {describe(dumps.error)}
          </EmptyState>
        ) : !dumps.data ? (
          <Skeleton height={96} />
        ) : dumps.data.length === 0 ? (
          <EmptyState icon="calendar" title={t('openData.empty')}>
            {t('openData.emptyText')}
          </EmptyState>
        ) : (
          <ul className={styles.dumps}>
            {dumps.data.map((d) => (
              <Dump key={d.day} dump={d} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
