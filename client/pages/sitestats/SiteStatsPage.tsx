import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { getRangeCounters } from '@client/api/stats';
import { Segmented } from '@client/components/Segmented';
import { useRemote } from '@client/hooks/useRemote';
import { intlLocale } from '@client/i18n/language';
import { CaseCounts } from './CaseCounts';
import { NetworkStatus } from './NetworkStatus';
import { RangeCounters } from './RangeCounters';
import { RANGES, parseRange, rangeSearch, rangeStart, type Range } from './ranges';
import { Rankings } from './Rankings';
import { SiteChart } from './SiteChart';
import { Trend } from './Trend';
import styles from './SiteStatsPage.module.css';

/**
 * /sitestats (site statistics): counters, rankings and trending cases of a range
 * (yesterday, week, month, year, kept in `?range=`), the site's growth, case counts and network status.
 */
export function SiteStatsPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const range = parseRange(params.get('range'));
  // The start moves once a day: computed per range, not per render.
  const from = useMemo(() => rangeStart(range), [range]);
  const sinceDay = new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: 'medium', timeZone: 'UTC' }).format(from);
  const counters = useRemote(`${range}:${from}`, (signal) => getRangeCounters(from, signal));

  const choose = (next: Range) => {
    const search = rangeSearch(next);
    void navigate(search ? `?${search}` : '.', { replace: true, preventScrollReset: true });
  };

  return (
    <div className={`container ${styles.page}`}>
      <header className={styles.header}>
        <div className={styles.heading}>
          <h1>{t('siteStats.title')}</h1>
          <p>{t('siteStats.lead')}</p>
        </div>
        <div className={styles.rangePicker}>
          <Segmented label={t('siteStats.range.label')} value={range} options={RANGES.map((r) => ({ value: r, label: t(`siteStats.range.${r}`) }))} onChange={choose} />
          <p className={styles.since}>{t('siteStats.range.since', { date: sinceDay })}</p>
        </div>
      </header>
      <RangeCounters counters={counters} />
      <div className={styles.columns}>
        <Rankings range={range} />
        <Trend range={range} />
      </div>
      <SiteChart />
      <div className={styles.columns}>
        <CaseCounts />
        <NetworkStatus />
      </div>
    </div>
  );
}
