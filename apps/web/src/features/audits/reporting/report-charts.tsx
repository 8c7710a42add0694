import { BarChart } from '@mui/x-charts/BarChart';
import Stack from '@mui/material/Stack';
import type { VdaColour } from '@qa/domain';
import { useTranslation } from 'react-i18next';
import { PhasePanel } from '../phase-panel';

interface ReportChartsProps {
  categories: { id: string; name: string; percent: number | null }[];
  /** The findings per type, each drawn in its type's colour (finding-type-colours.ts). */
  byType: { id: string; name: string; count: number; colour: string }[];
  /** A VDA audit's E_Pn and E_n (vdaChartLevels); empty for other audits. */
  vdaLevels?: { key: string; name: string; percent: number; colour: VdaColour | null }[];
}

/** Room per bar of a horizontal chart, and for the axis and the margins. */
const BAR_HEIGHT = 36;
const AXIS_HEIGHT = 56;
/** The VDA traffic lights, as the PDF draws them; a level without one is grey. */
const TRAFFIC_LIGHT: Record<VdaColour, string> = {
  green: '#2e7d32',
  yellow: '#f9a825',
  red: '#c62828',
};
const NO_LIGHT = '#9e9e9e';

/**
 * The report's charts (issue 13), with MUI X Charts in a chunk of their own: the result per
 * category, a VDA audit's levels, and the findings per type. The same numbers are in the lists
 * above as text, so the charts are pictures of them for the eye (inert: neither focused nor
 * read out).
 */
export function ReportCharts({ categories, byType, vdaLevels = [] }: ReportChartsProps) {
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
        {vdaLevels.length > 0 && (
          <figure style={{ margin: 0 }} data-testid="reporting-chart-vda">
            <figcaption>{t('reporting.charts.vdaLevels')}</figcaption>
            <div inert>
              <BarChart
                layout="horizontal"
                height={vdaLevels.length * BAR_HEIGHT + AXIS_HEIGHT}
                dataset={vdaLevels.map((level) => ({ name: level.name, percent: level.percent }))}
                yAxis={[
                  {
                    scaleType: 'band',
                    dataKey: 'name',
                    width: 180,
                    // Each bar in its level's traffic light.
                    colorMap: {
                      type: 'ordinal',
                      values: vdaLevels.map((level) => level.name),
                      colors: vdaLevels.map((level) =>
                        level.colour ? TRAFFIC_LIGHT[level.colour] : NO_LIGHT,
                      ),
                    },
                  },
                ]}
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
                yAxis={[
                  {
                    scaleType: 'band',
                    dataKey: 'name',
                    width: 140,
                    colorMap: {
                      type: 'ordinal',
                      values: byType.map((type) => type.name),
                      colors: byType.map((type) => type.colour),
                    },
                  },
                ]}
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
