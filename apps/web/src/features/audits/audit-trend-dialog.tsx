import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import {
  AUDITS_COLLECTION,
  auditTrend,
  calcSchemaOf,
  formatCalendarDay,
  type CalcSchema,
  type TrendAudit,
} from '@qa/domain';
import { Suspense, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyComponent } from '../../app/chunk-load';
import { CompactSelect } from '../../components/form/compact-select';
import { useConfigSegment } from '../../lib/config/use-config-segment';
import { useLanguage } from '../../lib/i18n/use-language';
import { useQuery } from '../../lib/sync/use-query';
import { TREND_MAX_AUDITS, trendItemQueries, trendScopes, vdaTrendRows } from './audit-trend-model';
import { AuditTrendNotes } from './audit-trend-notes';
import { gradingBasisLabel } from './reporting/comparison-basis-note';
import { usePreparationConfig } from './preparation/use-preparation-config';
import { reportSchemaOf, scoredItems } from './reporting/report-model';
import { formatReportNumber } from './reporting/report-numbers';
import { VISUALLY_HIDDEN } from '../../lib/dom/visually-hidden';

/** MUI X Charts load with the first trend shown: a kit of their own. */
const AuditTrendChart = lazyComponent(
  () => import('./audit-trend-chart'),
  (m) => m.AuditTrendChart,
);

const ALL_AUDITS = { collection: AUDITS_COLLECTION, filters: [] };

/**
 * The audit matrix's trend (issue 13.5, beyond the spec): for one scope, the result and the QK
 * number of its audits per year, as a line chart and as a table with the same numbers. The rules
 * (year, mean of several audits, when an audit has no value) are the domain's (scoring/trend.ts).
 * VDA 6.3 audits (issue 19) are listed one by one as well, with their class and E_G over time.
 */
export function AuditTrendDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const titleId = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const { documents: audits, loading: auditsLoading } = useQuery(open ? ALL_AUDITS : null);
  const scopes = useMemo(() => trendScopes(audits), [audits]);
  const [picked, setPicked] = useState<string | null>(null);
  const scope = scopes.find((entry) => entry.key === picked) ?? scopes[0];
  const queries = trendItemQueries(scope?.audits.map((audit) => audit.id) ?? []);
  const q0 = useQuery(queries[0] ?? null);
  const q1 = useQuery(queries[1] ?? null);
  const q2 = useQuery(queries[2] ?? null);
  const q3 = useQuery(queries[3] ?? null);
  const itemsLoading = q0.loading || q1.loading || q2.loading || q3.loading;
  const items = useMemo(
    () => [...q0.documents, ...q1.documents, ...q2.documents, ...q3.documents],
    [q0.documents, q1.documents, q2.documents, q3.documents],
  );
  const { findingTypes, audititem } = usePreparationConfig();
  const { qkTable, calcSchema: configuredSchema } = useConfigSegment('audit').report;
  // One schema for every audit (issue 34.3): the configured one unless the user picks the other.
  const [pickedSchema, setPickedSchema] = useState<CalcSchema | null>(null);
  const schema = pickedSchema ?? calcSchemaOf(configuredSchema);
  const trend = useMemo(() => {
    if (!scope) return null;
    const byAudit = new Map<string, typeof items>();
    for (const doc of items) {
      const id = String(doc.data.auditId);
      const list = byAudit.get(id) ?? [];
      list.push(doc);
      byAudit.set(id, list);
    }
    const inputs: TrendAudit[] = scope.audits.slice(-TREND_MAX_AUDITS).map((audit) => ({
      ...audit,
      calcSchema: reportSchemaOf(audit).calcSchema,
      items: scoredItems(byAudit.get(audit.id) ?? []).items,
    }));
    return auditTrend(inputs, {
      calcSchema: schema,
      findingTypes,
      importances: audititem.importances,
      qkTable,
    });
  }, [scope, items, schema, findingTypes, audititem.importances, qkTable]);
  const vdaRows = useMemo(
    () => (trend && scope ? vdaTrendRows(trend, scope.audits) : []),
    [trend, scope],
  );

  const n = (value: number) => formatReportNumber(value, language);
  const empty = (
    <>
      <span aria-hidden="true">{'\u2013'}</span>
      <Box component="span" sx={VISUALLY_HIDDEN}>
        {t('auditMatrix.trend.none')}
      </Box>
    </>
  );
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={fullScreen}
      maxWidth="md"
      fullWidth
      aria-labelledby={titleId}
      data-testid="audit-trend-dialog"
    >
      <DialogTitle id={titleId}>{t('auditMatrix.trend.title')}</DialogTitle>
      <DialogContent dividers>
        {auditsLoading && scopes.length === 0 ? (
          <LinearProgress aria-label={t('auditMatrix.trend.loading')} />
        ) : !scope ? (
          <Typography color="text.secondary" data-testid="audit-trend-empty">
            {t('auditMatrix.trend.empty')}
          </Typography>
        ) : (
          <>
            <CompactSelect
              label={t('auditMatrix.trend.scope')}
              value={scope.key}
              options={scopes.map((entry) => ({
                value: entry.key,
                label: entry.label || t('auditMatrix.trend.noScope'),
              }))}
              onChange={setPicked}
              testId="audit-trend-scope"
              sx={{ my: 1, maxWidth: '100%', minWidth: { xs: '100%', sm: 320 } }}
            />
            <CompactSelect
              label={t('auditMatrix.trend.schema')}
              value={schema}
              options={(['deviation', 'compliance'] as const).map((value) => ({
                value,
                label: gradingBasisLabel({ kind: 'schema', schema: value }, t),
              }))}
              onChange={(value) => setPickedSchema(calcSchemaOf(value))}
              testId="audit-trend-schema"
              sx={{ mb: 1, maxWidth: '100%', minWidth: { xs: '100%', sm: 320 } }}
            />
            {itemsLoading && <LinearProgress aria-label={t('auditMatrix.trend.loading')} />}
            {trend && <AuditTrendNotes trend={trend} />}
            {scope.audits.length > TREND_MAX_AUDITS && (
              <Typography variant="body2" color="text.secondary">
                {t('auditMatrix.trend.newest', { count: TREND_MAX_AUDITS })}
              </Typography>
            )}
            {trend && trend.undated > 0 && (
              <Typography variant="body2" color="text.secondary">
                {t('auditMatrix.trend.undated', { count: trend.undated })}
              </Typography>
            )}
            {trend && trend.points.length > 0 && (
              <>
                <Table
                  size="small"
                  sx={{ my: 2, '& td, & th': { px: 1, overflowWrap: 'anywhere' } }}
                  data-testid="audit-trend-table"
                >
                  <caption style={{ captionSide: 'top', textAlign: 'left', padding: '8px 0' }}>
                    {t('auditMatrix.trend.caption')}
                  </caption>
                  <TableHead>
                    <TableRow>
                      <TableCell scope="col">{t('auditMatrix.trend.year')}</TableCell>
                      <TableCell scope="col" align="right">
                        {t('auditMatrix.trend.audits')}
                      </TableCell>
                      <TableCell scope="col" align="right">
                        {t('auditMatrix.trend.result')}
                      </TableCell>
                      <TableCell scope="col" align="right">
                        {t('auditMatrix.trend.qk')}
                      </TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {trend.points.map((point) => (
                      <TableRow key={point.year} data-testid={`audit-trend-row-${point.year}`}>
                        <TableCell component="th" scope="row">
                          {point.year}
                        </TableCell>
                        <TableCell align="right" data-testid="audit-trend-audits">
                          {point.audits.length}
                        </TableCell>
                        <TableCell align="right" data-testid="audit-trend-result">
                          {point.percent === null
                            ? empty
                            : t('reporting.percent', { percent: point.percent })}
                        </TableCell>
                        <TableCell align="right" data-testid="audit-trend-qk">
                          {point.qk === null ? empty : n(point.qk)}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
                {vdaRows.length > 0 && (
                  <Table
                    size="small"
                    sx={{ my: 2, '& td, & th': { px: 1, overflowWrap: 'anywhere' } }}
                    data-testid="audit-trend-vda"
                  >
                    <caption style={{ captionSide: 'top', textAlign: 'left', padding: '8px 0' }}>
                      {t('auditMatrix.trend.vda.caption')}
                    </caption>
                    <TableHead>
                      <TableRow>
                        <TableCell scope="col">{t('auditMatrix.trend.vda.audit')}</TableCell>
                        <TableCell scope="col">{t('auditMatrix.trend.vda.date')}</TableCell>
                        <TableCell scope="col" align="right">
                          {t('auditMatrix.trend.vda.total')}
                        </TableCell>
                        <TableCell scope="col">{t('auditMatrix.trend.vda.class')}</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {vdaRows.map((row) => (
                        <TableRow key={row.id} data-testid="audit-trend-vda-row">
                          <TableCell component="th" scope="row">
                            {row.name}
                          </TableCell>
                          <TableCell>
                            {row.day ? formatCalendarDay(row.day, language) : row.year}
                          </TableCell>
                          <TableCell align="right" data-testid="audit-trend-vda-total">
                            {row.percent === null
                              ? empty
                              : t('reporting.percent', { percent: row.percent })}
                          </TableCell>
                          <TableCell data-testid="audit-trend-vda-class">
                            {row.class === null
                              ? empty
                              : row.class !== row.baseClass
                                ? t('auditMatrix.trend.vda.downgraded', {
                                    vdaClass: row.class,
                                    base: row.baseClass,
                                  })
                                : row.class}
                            {!row.valid && (
                              <Box
                                component="span"
                                sx={{ display: 'block', color: 'warning.dark', fontSize: '0.8em' }}
                              >
                                {t('auditMatrix.trend.vda.notValid')}
                              </Box>
                            )}
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                )}
                <Suspense fallback={<LinearProgress aria-label={t('auditMatrix.trend.loading')} />}>
                  <AuditTrendChart points={trend.points} />
                </Suspense>
              </>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="audit-trend-close">
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
