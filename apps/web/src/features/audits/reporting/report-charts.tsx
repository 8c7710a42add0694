import { BarChart } from '@mui/x-charts/BarChart';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { PhasePanel } from '../phase-panel';

interface ReportChartsProps {
  categories: { id: string; name: string; percent: number | null }[];
  byType: { id: string; name: string; count: number }[];
}

/** Room per bar of a horizontal chart, and for the axis and the margins. */
const BAR_HEIGHT = 36;
const AXIS_HEIGHT = 56;

/**
 * The report's charts (issue 13), with MUI X Charts in a chunk of their own: the result per
 * category and the findings per type. The same numbers are in the lists above as text, so the
 * charts are pictures of them for the eye (inert: neither focused nor read out).
 */
export function ReportCharts({ categories, byType }: ReportChartsProps) {
  const { t } = useTranslation();
  const scored = categories.filter((category) => category.percent !== null);
  return (
    <PhasePanel title={t('reporting.charts.title')} testId="reporting-charts">
      <Stack spacing={2}>
        {scored.length > 0 && (
          <figure style={{ margin: 0 }} data-testid="reporting-chart-categories">
            <figcaption>{t('reporting.charts.categories')}</figcaption>
            <div inert>
              <BarChart
                layout="horizontal"
                height={scored.length * BAR_HEIGHT + AXIS_HEIGHT}
                dataset={scored.map((category) => ({
                  name: category.name,
                  percent: category.percent,
                }))}
                yAxis={[{ scaleType: 'band', dataKey: 'name', width: 140 }]}
                xAxis={[{ min: 0, max: 100, valueFormatter: (value: number) => `${value} %` }]}
                series={[{ dataKey: 'percent', label: t('reporting.charts.result') }]}
                hideLegend
                skipAnimation
              />
            </div>
          </figure>
        )}
        {byType.length > 0 && (
          <figure style={{ margin: 0 }} data-testid="reporting-chart-types">
            <figcaption>{t('reporting.charts.types')}</figcaption>
            <div inert>
              <BarChart
                layout="horizontal"
                height={byType.length * BAR_HEIGHT + AXIS_HEIGHT}
                dataset={byType.map((type) => ({ name: type.name, count: type.count }))}
                yAxis={[{ scaleType: 'band', dataKey: 'name', width: 140 }]}
                xAxis={[{ tickMinStep: 1 }]}
                series={[{ dataKey: 'count', label: t('reporting.charts.findings') }]}
                hideLegend
                skipAnimation
              />
            </div>
          </figure>
        )}
      </Stack>
    </PhasePanel>
  );
}
