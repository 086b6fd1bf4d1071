import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApexOptions } from 'apexcharts';
import Chart from 'react-apexcharts/core';
import 'apexcharts/bar';
import 'apexcharts/features/legend';
import 'apexcharts/features/keyboard';
import { formatNumber } from '@client/i18n/format';
import { useThemeTokens } from '@client/pages/sitestats/useThemeTokens';

const TOKENS = ['--color-text', '--color-text-muted', '--color-border', '--font-sans', 'color-scheme'] as const;

export interface StatsSeries {
  name: string;
  data: number[];
}

/** Stacked bars of one series per name over the days (or months) given (judgements per admin, an application's requests per endpoint); loaded in a chunk of its own. */
export default function StatsChart({ labels, series, label }: { labels: string[]; series: StatsSeries[]; label: string }) {
  const { i18n } = useTranslation();
  const tokens = useThemeTokens<string>([...TOKENS]);
  const dark = tokens['color-scheme'] === 'dark';
  const lang = i18n.language;
  const reducedMotion = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
  const options = useMemo<ApexOptions>(
    () => ({
      chart: {
        id: 'admin-activity',
        type: 'bar',
        stacked: true,
        background: 'transparent',
        foreColor: tokens['--color-text-muted'],
        fontFamily: tokens['--font-sans'],
        parentHeightOffset: 0,
        toolbar: { show: false },
        zoom: { enabled: false },
        animations: { enabled: !reducedMotion },
        accessibility: { enabled: true, description: label, keyboard: { enabled: true, navigation: { enabled: true } } },
      },
      theme: { mode: dark ? 'dark' : 'light', palette: 'palette1' },
      plotOptions: { bar: { columnWidth: '70%' } },
      dataLabels: { enabled: false },
      grid: { borderColor: tokens['--color-border'], strokeDashArray: 3 },
      legend: { position: 'top', horizontalAlign: 'left', showForSingleSeries: true, labels: { colors: tokens['--color-text'] } },
      xaxis: { categories: labels, labels: { rotate: -45, hideOverlappingLabels: true }, axisBorder: { color: tokens['--color-border'] } },
      yaxis: { min: 0, forceNiceScale: true, labels: { formatter: (v) => formatNumber(Math.round(v), lang) } },
      tooltip: { theme: dark ? 'dark' : 'light', y: { formatter: (v) => (v === null ? '—' : formatNumber(v, lang)) } },
    }),
    [labels, tokens, dark, reducedMotion, label, lang],
  );
  return <Chart type="bar" series={series} options={options} height={320} width="100%" />;
}
