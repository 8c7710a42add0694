import { LineChart } from '@mui/x-charts/LineChart';
import type { TrendPoint } from '@qa/domain';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../lib/i18n/use-language';
import { formatReportNumber } from './reporting/report-numbers';

/**
 * The trend's line chart (issue 13.5), MUI X Charts in a chunk of its own: the result (left axis,
 * percent) and the QK number (right axis) per year. The table beside it holds the same numbers
 * for keyboards and screen readers, so the chart is a picture for the eye (inert).
 */
export function AuditTrendChart({ points }: { points: readonly TrendPoint[] }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  return (
    <figure style={{ margin: 0 }} data-testid="audit-trend-chart">
      <figcaption>{t('auditMatrix.trend.chart')}</figcaption>
      <div inert>
        <LineChart
          height={280}
          xAxis={[{ scaleType: 'point', data: points.map((point) => String(point.year)) }]}
          yAxis={[
            {
              id: 'percent',
              min: 0,
              max: 100,
              position: 'left',
              valueFormatter: (value: number) => `${value} %`,
            },
            {
              id: 'qk',
              min: 0,
              position: 'right',
              valueFormatter: (value: number) => formatReportNumber(value, language),
            },
          ]}
          series={[
            {
              data: points.map((point) => point.percent),
              yAxisId: 'percent',
              label: t('auditMatrix.trend.result'),
              connectNulls: true,
              curve: 'linear',
            },
            {
              data: points.map((point) => point.qk),
              yAxisId: 'qk',
              label: t('auditMatrix.trend.qk'),
              connectNulls: true,
              curve: 'linear',
            },
          ]}
          skipAnimation
        />
      </div>
    </figure>
  );
}
