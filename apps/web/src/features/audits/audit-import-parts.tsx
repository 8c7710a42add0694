import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { AUDIT_IMPORT_SERVER_KEYS, type AuditImportState } from './use-audit-import';

/** The file button and the text field of the audit import (dialog and page). */
export function AuditImportInput({ state }: { state: AuditImportState }) {
  const { t } = useTranslation();
  const { busy, done, fileName, text, fieldError } = state;
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Button
          component="label"
          variant="outlined"
          startIcon={<UploadFileIcon />}
          disabled={busy || done}
          sx={{ minHeight: 44 }}
        >
          {t('auditImport.chooseFile')}
          <input
            hidden
            type="file"
            accept=".json,.csv,application/json,text/csv"
            onChange={(event) => void state.pickFile(event)}
            data-testid="audit-import-file"
          />
        </Button>
        {fileName && (
          <Typography variant="body2" data-testid="audit-import-file-name">
            {t('auditImport.fileLoaded', { name: fileName })}
          </Typography>
        )}
      </Box>
      <TextField
        label={t('auditImport.text')}
        required
        multiline
        minRows={6}
        maxRows={16}
        fullWidth
        margin="dense"
        value={text}
        disabled={busy || done}
        onChange={(event) => state.changeText(event.target.value)}
        error={fieldError !== null}
        helperText={fieldError ?? t('auditImport.help')}
        slotProps={{
          htmlInput: { 'data-testid': 'audit-import-text', spellCheck: false },
        }}
      />
    </>
  );
}

/** The summary line of the parser's report: valid rows, rejected rows. */
export function AuditImportSummary({ state }: { state: AuditImportState }) {
  const { t } = useTranslation();
  const { report, rejectedRows } = state;
  if (!report) return null;
  return (
    <Alert
      severity={report.records.length > 0 ? 'info' : 'warning'}
      data-testid="audit-import-summary"
    >
      {t('auditImport.validRows', { count: report.records.length })}
      {rejectedRows > 0 && ` · ${t('auditImport.rejectedRows', { count: rejectedRows })}`}
    </Alert>
  );
}

/** What the command refused, the progress while importing, the result and the server's answer. */
export function AuditImportOutcome({ state }: { state: AuditImportState }) {
  const { t } = useTranslation();
  const { commandErrors, busy, phase } = state;
  return (
    <>
      {commandErrors.length > 0 && (
        <Alert severity="error" sx={{ mt: 1 }} data-testid="audit-import-command-error">
          {commandErrors.map((message, index) => (
            <div key={index}>{message}</div>
          ))}
        </Alert>
      )}

      {busy && (
        <Box sx={{ mt: 2 }} data-testid="audit-import-progress">
          <Typography variant="body2">{t('auditImport.importing')}</Typography>
          <LinearProgress aria-label={t('auditImport.importing')} />
        </Box>
      )}

      {phase.step === 'done' && (
        <Box sx={{ mt: 2 }} aria-live="polite">
          <Alert severity="success" data-testid="audit-import-result">
            {t('auditImport.result', { count: phase.imported, skipped: phase.skipped })}
          </Alert>
          <Typography
            variant="body2"
            color={phase.server === 'rejected' ? 'error' : 'text.secondary'}
            sx={{ mt: 1 }}
            data-testid="audit-import-server"
          >
            {t(AUDIT_IMPORT_SERVER_KEYS[phase.server])}
          </Typography>
          {phase.server === 'pending' && (
            <LinearProgress aria-label={t('auditImport.server.pending')} />
          )}
        </Box>
      )}
    </>
  );
}
