import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { can, type ImportIssue, type ImportedAudit } from '@qa/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageLayout } from '../../components/pages/page-layout';
import { usePerson } from '../../lib/session/session-provider';
import { AuditImportInput, AuditImportOutcome, AuditImportSummary } from './audit-import-parts';
import { useAuditImport, type AuditImportState } from './use-audit-import';

/** Cells wrap instead of widening the table: no horizontal scrolling on a tablet in portrait. */
const tableSx = {
  tableLayout: 'fixed',
  width: '100%',
  '& td, & th': { overflowWrap: 'anywhere', verticalAlign: 'top' },
} as const;

const standardsOf = (audit: ImportedAudit) =>
  Array.isArray(audit.standard) ? audit.standard.join(', ') : audit.standard;

/**
 * /auditimport (SPEC sections 5 and 6): the audit import as a page of its own, with room for a
 * preview of every row that will be imported and every row that is rejected, with its reason,
 * before Import. Parsing and command are the matrix dialog's (`useAuditImport`).
 */
export function AuditImportPage() {
  const { t } = useTranslation();
  const person = usePerson();
  const state = useAuditImport();
  const { report, busy, done } = state;
  const allowed = person !== null && can(person.roles, 'import.audits');
  const count = report?.records.length ?? 0;

  return (
    <PageLayout title={t('auditImport.pageTitle')}>
      <Box sx={{ mb: 2 }}>
        <Button component={RouterLink} to="/auditmatrix?admin" sx={{ minHeight: 44 }}>
          {t('auditImport.backToMatrix')}
        </Button>
      </Box>
      {!allowed && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="audit-import-not-allowed">
          {t('auditImport.notAllowed')}
        </Alert>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('auditImport.intro')}
      </Typography>
      <AuditImportInput state={state} />

      {!done && <AuditImportPreview state={state} />}

      <AuditImportOutcome state={state} />

      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 2 }}>
        {!done ? (
          <Button
            variant="contained"
            disabled={!allowed || busy || (report !== null && count === 0)}
            onClick={() => void state.startImport()}
            data-testid="audit-import-submit"
            sx={{ minHeight: 44 }}
          >
            {count > 0 ? t('auditImport.importCount', { count }) : t('auditImport.import')}
          </Button>
        ) : (
          <Button
            variant="outlined"
            onClick={state.reset}
            data-testid="audit-import-again"
            sx={{ minHeight: 44 }}
          >
            {t('auditImport.importMore')}
          </Button>
        )}
      </Box>
    </PageLayout>
  );
}

/** What will be imported and what is rejected, and why; an empty state before any text. */
function AuditImportPreview({ state }: { state: AuditImportState }) {
  const { t } = useTranslation();
  const importId = useId();
  const rejectId = useId();
  const { report, generalErrors, rowErrors } = state;
  if (!report) {
    return (
      <Typography color="text.secondary" sx={{ my: 2 }} data-testid="audit-import-empty">
        {t('auditImport.previewEmpty')}
      </Typography>
    );
  }
  const rejected = groupByRow(rowErrors);
  return (
    <Box data-testid="audit-import-report" aria-live="polite" sx={{ mt: 1 }}>
      <AuditImportSummary state={state} />
      {generalErrors.length > 0 && (
        <Alert severity="error" sx={{ mt: 1 }} data-testid="audit-import-general-errors">
          {generalErrors.map((issue, index) => (
            <div key={index}>{state.issueText(issue)}</div>
          ))}
        </Alert>
      )}

      <Typography variant="h6" component="h2" id={importId} sx={{ mt: 2 }}>
        {t('auditImport.preview.toImport')}
      </Typography>
      {report.records.length === 0 ? (
        <Typography color="text.secondary" data-testid="audit-import-none-valid">
          {t('auditImport.preview.noneValid')}
        </Typography>
      ) : (
        <Paper variant="outlined">
          <Table
            size="small"
            sx={tableSx}
            aria-labelledby={importId}
            data-testid="audit-import-preview"
          >
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: '3.5em' }}>{t('auditImport.preview.number')}</TableCell>
                <TableCell>{t('auditImport.preview.name')}</TableCell>
                <TableCell>{t('auditImport.preview.standard')}</TableCell>
                <TableCell>{t('auditImport.preview.type')}</TableCell>
                <TableCell sx={{ width: '5em' }}>{t('auditImport.preview.year')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {report.records.map((audit, index) => (
                <TableRow key={index} data-testid="audit-import-preview-row">
                  <TableCell>{index + 1}</TableCell>
                  <TableCell>{audit.name}</TableCell>
                  <TableCell>{standardsOf(audit)}</TableCell>
                  <TableCell>{audit.type}</TableCell>
                  <TableCell>{audit.planning_year}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}

      {rejected.length > 0 && (
        <>
          <Typography variant="h6" component="h2" id={rejectId} sx={{ mt: 2 }}>
            {t('auditImport.preview.rejected')}
          </Typography>
          <Paper variant="outlined">
            <Table
              size="small"
              sx={tableSx}
              aria-labelledby={rejectId}
              data-testid="audit-import-rejected"
            >
              <TableHead>
                <TableRow>
                  <TableCell sx={{ width: '5em' }}>{t('auditImport.preview.row')}</TableCell>
                  <TableCell>{t('auditImport.preview.reason')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rejected.map(([row, issues]) => (
                  <TableRow key={row} data-testid="audit-import-rejected-row">
                    <TableCell>{row}</TableCell>
                    <TableCell sx={{ color: 'error.main' }}>
                      {issues.map((issue, index) => (
                        <div key={index}>{state.issueReason(issue)}</div>
                      ))}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Paper>
        </>
      )}
    </Box>
  );
}

function groupByRow(issues: readonly ImportIssue[]): [number, ImportIssue[]][] {
  const rows = new Map<number, ImportIssue[]>();
  for (const issue of issues) {
    if (issue.row === undefined) continue;
    rows.set(issue.row, [...(rows.get(issue.row) ?? []), issue]);
  }
  return [...rows.entries()].sort(([a], [b]) => a - b);
}
