import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AuditImportInput, AuditImportOutcome, AuditImportSummary } from './audit-import-parts';
import { useAuditImport } from './use-audit-import';

export interface AuditImportDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The audit import of the admin view (SPEC sections 5 and 6): audits pasted or loaded from a
 * JSON or semicolon CSV file, checked with the domain parser before anything is sent. The report
 * names every rejected row with its number and reason and counts the valid ones; Import sends
 * the valid ones (`audit.import`, ids made here) and shows what was imported and skipped. The
 * parsing and the command are `useAuditImport`, shared with the /auditimport page.
 */
export function AuditImportDialog({ open, onClose }: AuditImportDialogProps) {
  const { t } = useTranslation();
  const state = useAuditImport(open);
  const titleId = useId();
  const { report, busy, done, generalErrors, rowErrors } = state;

  const close = () => {
    if (busy) return;
    state.reset();
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="md" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('auditImport.title')}</DialogTitle>
      <DialogContent data-testid="audit-import-dialog">
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('auditImport.intro')}
        </Typography>
        <AuditImportInput state={state} />

        {report && !done && (
          <Box data-testid="audit-import-report" aria-live="polite" sx={{ mt: 1 }}>
            <AuditImportSummary state={state} />
            {(generalErrors.length > 0 || rowErrors.length > 0) && (
              <List dense aria-label={t('auditImport.problems')} data-testid="audit-import-errors">
                {[...generalErrors, ...rowErrors].map((issue, index) => (
                  <ListItem key={index} data-testid="audit-import-error" sx={{ py: 0 }}>
                    <Typography variant="body2" color="error">
                      {state.issueText(issue)}
                    </Typography>
                  </ListItem>
                ))}
              </List>
            )}
          </Box>
        )}

        <AuditImportOutcome state={state} />
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy} data-testid="audit-import-close">
          {done ? t('auditImport.close') : t('auditImport.cancel')}
        </Button>
        {!done && (
          <Button
            variant="contained"
            disabled={busy || (report !== null && report.records.length === 0)}
            onClick={() => void state.startImport()}
            data-testid="audit-import-submit"
          >
            {report && report.records.length > 0
              ? t('auditImport.importCount', { count: report.records.length })
              : t('auditImport.import')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
