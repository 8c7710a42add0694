import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import PdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  auditPermissionContext,
  CALC_SCHEMA_COMPLIANCE,
  CALC_SCHEMA_DEVIATION,
  can,
  NO_CATEGORY_MESSAGE,
  updateAuditCommand,
  type ScoreExplanation,
} from '@qa/domain';
import { Suspense, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyComponent } from '../../../app/chunk-load';
import { CompactSelect } from '../../../components/form/compact-select';
import { useSnackbar } from '../../../components/snackbar/snackbar-provider';
import { useConfigSegment } from '../../../lib/config/use-config-segment';
import { usePainted } from '../../../lib/dom/after-paint';
import { useDomainMessage } from '../../../lib/i18n/domain-message';
import { useLanguage } from '../../../lib/i18n/use-language';
import { usePerson } from '../../../lib/session/session-provider';
import { useCommand } from '../../../lib/sync/use-command';
import { personLabel, usePeople } from '../../people/use-people';
import { AnswerProgress } from '../answer-progress';
import { findingTypeColour } from '../finding-type-colours';
import { PhasePanel } from '../phase-panel';
import { findingTypeLabel } from '../preparation/preparation-rows';
import { usePreparationConfig } from '../preparation/use-preparation-config';
import { useAuditWithItems } from '../use-audit-items';
import { AuditComparison } from './audit-comparison';
import { ReportDataPanel } from './report-data-panel';
import { ReportFindingsList } from './report-findings-list';
import { reportModel, reportSchemaOf } from './report-model';
import { formatReportNumber } from './report-numbers';
import { ReportMailButton } from './report-mail-dialog';
import { useReportPdf } from './use-report-pdf';
import { useSendReportOnArrival } from './send-report-state';
import { VdaResultMatrix } from './vda-result-matrix';
import { vdaChartLevels, vdaResultModel, type VdaResultRow } from './vda-result-model';

/** The charts and the explanations load with their first use: a kit of their own (issue 13). */
const ReportCharts = lazyComponent(
  () => import('./report-charts'),
  (m) => m.ReportCharts,
);
const ScoreExplanationDialog = lazyComponent(
  () => import('./score-explanation-dialog'),
  (m) => m.ScoreExplanationDialog,
);
const QkExplanationDialog = lazyComponent(
  () => import('./score-explanation-dialog'),
  (m) => m.QkExplanationDialog,
);
const VdaExplanationDialog = lazyComponent(
  () => import('./vda-explanation-dialog'),
  (m) => m.VdaExplanationDialog,
);

/** The select's value for "no additional result" (an empty value would leave its label inside). */
const NO_CUSTOM_RESULT = 'none';

/** The export buttons' texts. */
const EXPORT_LABELS = {
  findings: { xlsx: 'reporting.export.findingsXlsx', csv: 'reporting.export.findingsCsv' },
  measures: { xlsx: 'reporting.export.measuresXlsx', csv: 'reporting.export.measuresCsv' },
} as const;

/** What the explanation dialog shows: the whole audit or one category. */
type ExplainedScope = { title: string; scope: ScoreExplanation };

/**
 * /audit/:auditId/auditreporting (issue 13): the audit's result under its calc schema, per
 * category, the findings by type and, for a QK report, the quality number; every number explains
 * itself on demand (which items counted with weight x value, best and worst, which were left out,
 * and the formula with the numbers filled in).
 */
export function ReportingTab({ auditId }: { auditId: string }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const translate = useDomainMessage();
  const titleId = useId();
  const { audit, auditLoading, documents, itemsLoading } = useAuditWithItems(auditId);
  const { findingTypes, audititem } = usePreparationConfig();
  const auditConfig = useConfigSegment('audit');
  const model = useMemo(
    () =>
      reportModel(documents, audit?.data, {
        findingTypes,
        importances: audititem.importances,
        qkTable: auditConfig.report.qkTable,
      }),
    [documents, audit?.data, findingTypes, audititem.importances, auditConfig.report.qkTable],
  );
  const people = usePeople();
  // A VDA audit (issue 19): the matrix, class and reasons from the grade computed once with
  // the report model, in the user's language.
  const vda = model.vda;
  const vdaModel = useMemo(
    () =>
      vda
        ? vdaResultModel(vda, model.items, audit?.data, {
            language,
            t,
            personName: (id) => personLabel(people.byId, id, t),
          })
        : null,
    [vda, model.items, audit?.data, language, t, people.byId],
  );
  const [explainedVda, setExplainedVda] = useState<VdaResultRow | null>(null);
  const person = usePerson();
  const runCommand = useCommand();
  const { show } = useSnackbar();
  const data = audit?.data;
  const mayUpdate = useMemo(
    () =>
      Boolean(data && person) &&
      can(person!.roles, 'audit.update', auditPermissionContext(data!, person!.id)),
    [data, person],
  );
  const reportSchema = reportSchemaOf(data);
  const saveReportSchema = async (changes: Partial<typeof reportSchema>) => {
    const next = {
      calcSchema: reportSchema.calcSchema ?? model.explanation.schema,
      customResult: reportSchema.customResult,
      ...changes,
    };
    const { local } = await runCommand(updateAuditCommand.name, {
      id: auditId,
      changes: { reportSchema: next },
    });
    show(
      local.ok
        ? { message: translate(local.message ?? { key: 'success.auditUpdated' }) }
        : { message: translate(local.error.message), type: 'error' },
    );
  };
  const sendReport = useSendReportOnArrival();
  const reportPdf = useReportPdf({
    auditId,
    audit: data,
    documents,
    model,
    findingTypes,
    importances: audititem.importances,
  });
  // The comparison and the findings table below the fold render once the result is painted.
  const painted = usePainted();
  const [explained, setExplained] = useState<ExplainedScope | null>(null);
  const [explainQk, setExplainQk] = useState(false);
  const { explanation, qk } = model;
  const total = explanation.total;
  const loading = auditLoading || itemsLoading;
  const percentText = (percent: number | null) =>
    percent === null ? t('reporting.noResult') : t('reporting.percent', { percent });
  const categoryTitle = (name: string | null) => name ?? translate(NO_CATEGORY_MESSAGE);

  return (
    <section aria-labelledby={titleId} data-testid="reporting-tab">
      <Typography id={titleId} variant="h5" component="h2" gutterBottom>
        {t('audit.phases.reporting')}
      </Typography>
      {loading && <LinearProgress aria-label={t('reporting.loading')} sx={{ mb: 2 }} />}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          startIcon={<PdfIcon />}
          disabled={loading || reportPdf.generating}
          onClick={async () => {
            const failed = await reportPdf.download();
            if (failed) show({ message: failed, type: 'error' });
          }}
          data-testid="reporting-pdf"
        >
          {t('reporting.pdf.download')}
        </Button>
        <ReportMailButton
          auditId={auditId}
          audit={data}
          render={reportPdf.render}
          disabled={loading}
          openRequest={sendReport}
        />
        {reportPdf.generating && (
          <CircularProgress
            size={24}
            aria-label={t('reporting.pdf.generating')}
            data-testid="reporting-pdf-progress"
          />
        )}
        {/* A live region kept in the page, so its news is read out as photos finish. */}
        <Typography variant="body2" role="status" data-testid="reporting-pdf-photos">
          {reportPdf.photoProgress ? t('reporting.pdf.photoProgress', reportPdf.photoProgress) : ''}
        </Typography>
      </Box>

      <Stack spacing={2}>
        {vdaModel ? (
          <VdaResultMatrix model={vdaModel} loading={loading} onExplain={setExplainedVda} />
        ) : (
          <>
            <PhasePanel title={t('reporting.result.title')} testId="reporting-result">
              <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 2, flexWrap: 'wrap' }}>
                <Typography
                  component="p"
                  variant="h3"
                  data-testid="reporting-total"
                  sx={{ fontWeight: 500 }}
                >
                  {percentText(total.percent)}
                </Typography>
                <Typography color="text.secondary">
                  {t('reporting.result.counted', {
                    counted: total.countedItems,
                    count: total.totalItems,
                  })}
                </Typography>
              </Box>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {explanation.schema === CALC_SCHEMA_DEVIATION
                  ? t('reporting.schema.deviation')
                  : t('reporting.schema.compliance')}
              </Typography>
              {mayUpdate && (
                <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', my: 2 }}>
                  <CompactSelect
                    label={t('reporting.settings.schema')}
                    value={explanation.schema}
                    options={[
                      { value: CALC_SCHEMA_DEVIATION, label: t('reporting.settings.deviation') },
                      { value: CALC_SCHEMA_COMPLIANCE, label: t('reporting.settings.compliance') },
                    ]}
                    onChange={(value) => void saveReportSchema({ calcSchema: value })}
                    testId="reporting-schema"
                  />
                  <CompactSelect
                    label={t('reporting.settings.customResult')}
                    value={reportSchema.customResult ?? NO_CUSTOM_RESULT}
                    options={[
                      { value: NO_CUSTOM_RESULT, label: t('reporting.settings.none') },
                      { value: 'qk', label: t('reporting.settings.qk') },
                    ]}
                    onChange={(value) =>
                      void saveReportSchema({
                        customResult: value === NO_CUSTOM_RESULT ? null : value,
                      })
                    }
                    testId="reporting-custom-result"
                  />
                </Box>
              )}
              <AnswerProgress
                answered={total.answeredItems}
                total={total.totalItems}
                percent={total.progress}
                sx={{ my: 1 }}
              />
              <Button
                onClick={() => setExplained({ title: t('reporting.result.title'), scope: total })}
                data-testid="reporting-explain-total"
              >
                {t('reporting.explain.action')}
              </Button>
              {qk && (
                <Box sx={{ mt: 2 }} data-testid="reporting-qk">
                  <Typography component="p" variant="h6">
                    {t('reporting.qk.value', { value: formatReportNumber(qk.score, language) })}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('reporting.qk.hint')}
                  </Typography>
                  <Button onClick={() => setExplainQk(true)} data-testid="reporting-explain-qk">
                    {t('reporting.qk.explain')}
                  </Button>
                </Box>
              )}
              {model.unreadable > 0 && (
                <Typography variant="body2" color="warning.main" data-testid="reporting-unreadable">
                  {t('reporting.unreadable', { count: model.unreadable })}
                </Typography>
              )}
            </PhasePanel>

            <PhasePanel title={t('reporting.categories.title')} testId="reporting-categories">
              {explanation.categories.length === 0 ? (
                <Typography color="text.secondary">{t('reporting.categories.empty')}</Typography>
              ) : (
                <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                  {explanation.categories.map((category) => {
                    const name = categoryTitle(category.categoryName);
                    return (
                      <Box
                        component="li"
                        key={category.categoryId}
                        data-testid={`reporting-category-${category.categoryId}`}
                        sx={{
                          display: 'flex',
                          alignItems: 'center',
                          gap: 2,
                          flexWrap: 'wrap',
                          py: 1,
                          borderBottom: 1,
                          borderColor: 'divider',
                        }}
                      >
                        <Box sx={{ flex: '1 1 14rem', minWidth: 0 }}>
                          <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                            {name}
                          </Typography>
                          <Typography variant="body2" color="text.secondary">
                            {t('reporting.result.counted', {
                              counted: category.countedItems,
                              count: category.totalItems,
                            })}
                          </Typography>
                        </Box>
                        <Typography
                          variant="h6"
                          component="p"
                          data-testid="reporting-category-percent"
                          sx={{ minWidth: '5rem', textAlign: 'right' }}
                        >
                          {percentText(category.percent)}
                        </Typography>
                        <Button
                          onClick={() => setExplained({ title: name, scope: category })}
                          aria-label={t('reporting.explain.category', { name })}
                          data-testid="reporting-explain-category"
                        >
                          {t('reporting.explain.short')}
                        </Button>
                      </Box>
                    );
                  })}
                </Box>
              )}
            </PhasePanel>
          </>
        )}

        {painted && <AuditComparison auditId={auditId} />}

        <PhasePanel title={t('reporting.findings.title')} testId="reporting-findings">
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t('wrapup.overview.findings', { count: model.findings })}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {model.byType.map(({ id, count }) => {
              // Each severity in its own colour, with text that reads on it (issue 34.4).
              const colour = findingTypeColour(findingTypes, id);
              return (
                <Chip
                  key={id}
                  label={`${findingTypeLabel(id, findingTypes, language)}: ${count}`}
                  sx={{ bgcolor: colour.fill, color: colour.text }}
                  data-testid={`reporting-type-${id}`}
                />
              );
            })}
          </Box>
        </PhasePanel>

        <PhasePanel title={t('reporting.findings.listLabel')} testId="reporting-finding-list">
          {painted && <ReportFindingsList documents={documents} loading={loading} />}
        </PhasePanel>

        <PhasePanel title={t('reporting.export.title')} testId="reporting-exports">
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {(['findings', 'measures'] as const).flatMap((kind) =>
              (['xlsx', 'csv'] as const).map((format) => (
                <Button
                  key={`${kind}-${format}`}
                  variant="outlined"
                  onClick={async () => {
                    const failed = await reportPdf.exportTable(kind, format);
                    if (failed) show({ message: failed, type: 'error' });
                  }}
                  data-testid={`reporting-export-${kind}-${format}`}
                >
                  {t(EXPORT_LABELS[kind][format])}
                </Button>
              )),
            )}
          </Box>
        </PhasePanel>

        <ReportDataPanel
          key={auditId}
          auditId={auditId}
          stored={data?.additionalReportData}
          canEdit={mayUpdate}
        />

        {((vdaModel ? vdaChartLevels(vdaModel).length > 0 : explanation.categories.length > 0) ||
          model.byType.length > 0) && (
          <Suspense fallback={<LinearProgress aria-label={t('reporting.charts.loading')} />}>
            <ReportCharts
              // A VDA audit's levels are drawn as E_Pn and E_n instead of categories.
              categories={(vdaModel ? [] : explanation.categories).map((category) => ({
                id: category.categoryId,
                name: categoryTitle(category.categoryName),
                percent: category.percent,
              }))}
              byType={model.byType.map(({ id, count }) => ({
                id,
                name: findingTypeLabel(id, findingTypes, language),
                count,
                colour: findingTypeColour(findingTypes, id).fill,
              }))}
              vdaLevels={vdaModel ? vdaChartLevels(vdaModel) : []}
            />
          </Suspense>
        )}
      </Stack>

      <Suspense fallback={null}>
        {explained && (
          <ScoreExplanationDialog
            title={explained.title}
            scope={explained.scope}
            explanation={explanation}
            findingTypes={findingTypes}
            importances={audititem.importances}
            onClose={() => setExplained(null)}
          />
        )}
        {explainQk && qk && <QkExplanationDialog qk={qk} onClose={() => setExplainQk(false)} />}
        {explainedVda && vda && (
          <VdaExplanationDialog
            row={explainedVda}
            grade={vda}
            onClose={() => setExplainedVda(null)}
          />
        )}
      </Suspense>
    </section>
  );
}
