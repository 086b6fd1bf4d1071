import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApexOptions } from 'apexcharts';
import Chart from 'react-apexcharts/core';
import 'apexcharts/area';
import 'apexcharts/features/legend';
import 'apexcharts/features/keyboard';
import { intlLocale } from '@client/i18n/language';
import { formatDate, formatNumber } from '@client/i18n/format';
import type { SeriesLine } from './siteSeries';
import { useThemeTokens } from './useThemeTokens';

const TOKENS = [
  '--color-accent',
  '--color-danger',
  '--color-success',
  '--color-text',
  '--color-text-muted',
  '--color-border',
  '--font-sans',
  'color-scheme',
] as const;

const CHART_HEIGHT = 300;

/**
 * The growth chart itself: apexcharts, loaded in a chunk of its own the first time the chart
 * shows. Colours, text and grid come from the theme's tokens, so it follows dark themes.
 */
export default function SiteChartView({ lines }: { lines: readonly SeriesLine[] }) {
  const { t, i18n } = useTranslation();
  const tokens = useThemeTokens<string>([...TOKENS, ...lines.map((l) => l.color)]);
  const dark = tokens['color-scheme'] === 'dark';
  const lang = i18n.language;
  const reducedMotion = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

  const series = useMemo(() => lines.map((l) => ({ name: t(`siteStats.series.${l.key}`), data: l.points })), [lines, t]);

  const options = useMemo<ApexOptions>(() => {
    const month = new Intl.DateTimeFormat(intlLocale(lang), { year: 'numeric', month: 'short', timeZone: 'UTC' });
    return {
      chart: {
        id: 'site-growth',
        type: 'area',
        background: 'transparent',
        foreColor: tokens['--color-text-muted'],
        fontFamily: tokens['--font-sans'],
        parentHeightOffset: 0,
        toolbar: { show: false },
        zoom: { enabled: false },
        animations: { enabled: !reducedMotion },
        accessibility: { enabled: true, description: t('siteStats.chart.label'), keyboard: { enabled: true, navigation: { enabled: true } } },
      },
      theme: { mode: dark ? 'dark' : 'light' },
      colors: lines.map((l) => tokens[l.color] || tokens['--color-accent']),
      stroke: { curve: 'smooth', width: 2 },
      fill: { type: 'gradient', gradient: { shadeIntensity: 0, opacityFrom: 0.28, opacityTo: 0.02, stops: [0, 100] } },
      dataLabels: { enabled: false },
      markers: { size: 0, hover: { size: 4 } },
      grid: { borderColor: tokens['--color-border'], strokeDashArray: 3 },
      legend: { position: 'top', horizontalAlign: 'left', labels: { colors: tokens['--color-text'] } },
      xaxis: {
        type: 'datetime',
        axisBorder: { color: tokens['--color-border'] },
        axisTicks: { color: tokens['--color-border'] },
        labels: { datetimeUTC: true, formatter: (_value, timestamp) => (timestamp === undefined ? '' : month.format(timestamp)) },
        tooltip: { enabled: false },
      },
      yaxis: { min: 0, forceNiceScale: true, labels: { formatter: (value) => formatNumber(Math.round(value), lang) } },
      tooltip: {
        theme: dark ? 'dark' : 'light',
        x: { formatter: (value) => formatDate(value, lang) },
        y: { formatter: (value) => (value === null ? '—' : formatNumber(value, lang)) },
      },
    };
  }, [lines, tokens, dark, reducedMotion, t, lang]);

  return <Chart type="area" series={series} options={options} height={CHART_HEIGHT} width="100%" />;
}
