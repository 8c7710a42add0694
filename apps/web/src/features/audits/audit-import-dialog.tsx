import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  MAX_DOCUMENTS_PER_COMMAND,
  STANDARDS_COLLECTION,
  decodeLatin1Csv,
  importAuditsCommand,
  importMessages,
  parseAuditImport,
  type DomainMessage,
  type ImportIssue,
  type ImportedAudit,
  type MessageCatalog,
} from '@qa/domain';
import type { JsonObject } from '@qa/sync';
import { useDeferredValue, useId, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDomainMessage } from '../../lib/i18n/domain-message';
import { randomId } from '../../lib/sync/random-id';
import { useCommand } from '../../lib/sync/use-command';
import { useQuery } from '../../lib/sync/use-query';
import { useAuditConfig } from './audit-matrix-rows';

export interface AuditImportDialogProps {
  open: boolean;
  onClose: () => void;
}

const STANDARDS_QUERY = { collection: STANDARDS_COLLECTION, filters: [] };
const FIELD_REQUIRED: DomainMessage = { key: 'import.fieldRequired' };
const CATALOG: MessageCatalog = importMessages;

type Phase =
  | { step: 'edit' }
  | { step: 'importing' }
  | {
      step: 'done';
      imported: number;
      skipped: number;
      server: 'pending' | 'confirmed' | 'rejected';
    };

const SERVER_KEYS = {
  pending: 'auditImport.server.pending',
  confirmed: 'auditImport.server.confirmed',
  rejected: 'auditImport.server.rejected',
} as const;

/** Whether the message's own text already names a parameter (then it is not added again). */
function mentions(key: string, param: string): boolean {
  return CATALOG[key]?.en.includes(`{${param}}`) ?? false;
}

/** The records as `audit.import` rows, each with a new id, in pieces one command may carry. */
function commandBatches(records: readonly ImportedAudit[]): JsonObject[][] {
  const rows = records.map((record) => ({ id: randomId(), ...record }) as JsonObject);
  const batches: JsonObject[][] = [];
  for (let start = 0; start < rows.length; start += MAX_DOCUMENTS_PER_COMMAND) {
    batches.push(rows.slice(start, start + MAX_DOCUMENTS_PER_COMMAND));
  }
  return batches;
}

/** FileReader rather than `Blob.arrayBuffer`: older Safari and the tests' DOM lack the latter. */
function readBytes(file: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsArrayBuffer(file);
  });
}

/**
 * A file's text: UTF-8 (JSON, "CSV UTF-8"), else Latin-1 as German Excel writes CSV. A byte
 * order mark is dropped either way, so JSON.parse and the CSV header see the first column.
 */
async function readFileText(file: Blob): Promise<string> {
  const bytes = await readBytes(file);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return decodeLatin1Csv(bytes);
  }
}

/**
 * The audit import of the admin view (SPEC sections 5 and 6): audits pasted or loaded from a
 * JSON or semicolon CSV file, checked with the domain parser before anything is sent. The report
 * names every rejected row with its number and reason and counts the valid ones; Import sends
 * the valid ones (`audit.import`, ids made here) and shows what was imported and skipped.
 */
export function AuditImportDialog({ open, onClose }: AuditImportDialogProps) {
  const { t } = useTranslation();
  const translate = useDomainMessage();
  const runCommand = useCommand();
  const auditConfig = useAuditConfig();
  const { documents: standards } = useQuery(open ? STANDARDS_QUERY : null);
  const titleId = useId();
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [commandErrors, setCommandErrors] = useState<string[]>([]);
  const [phase, setPhase] = useState<Phase>({ step: 'edit' });
  // Answers of an import the user has since closed must not touch the next one.
  const session = useRef(0);

  const deferredText = useDeferredValue(text);
  const knownStandards = useMemo(
    () => [...new Set([...auditConfig.standards.ids, ...standards.map((doc) => doc.id)])],
    [auditConfig, standards],
  );
  const knownTypes = useMemo(() => auditConfig.types.map((type) => type.id), [auditConfig]);
  const report = useMemo(
    () =>
      deferredText.trim() === ''
        ? null
        : parseAuditImport(deferredText, { knownStandards, knownTypes }),
    [deferredText, knownStandards, knownTypes],
  );
  const rejectedRows = useMemo(() => rejectedRowsOf(report?.errors ?? []), [report]);

  // The parser's issues carry `row`; the command's carry it in `params.row`.
  const issueText = (issue: ImportIssue): string => {
    let message = translate(issue);
    const field = issue.params?.field;
    const row = issue.row ?? issue.params?.row;
    if (field !== undefined && !mentions(issue.key, 'field')) message = `${message} (${field})`;
    if (row !== undefined && !mentions(issue.key, 'row')) {
      message = t('auditImport.rowIssue', { row, message });
    }
    return message;
  };

  const reset = () => {
    session.current += 1;
    setText('');
    setFileName(null);
    setFieldError(null);
    setCommandErrors([]);
    setPhase({ step: 'edit' });
  };
  const close = () => {
    if (phase.step === 'importing') return;
    reset();
    onClose();
  };

  const changeText = (value: string) => {
    setText(value);
    setFieldError(null);
    setCommandErrors([]);
  };

  async function pickFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      changeText(await readFileText(file));
      setFileName(file.name);
    } catch {
      setFieldError(t('auditImport.fileUnreadable', { name: file.name }));
    }
  }

  async function startImport() {
    if (text.trim() === '') {
      setFieldError(translate(FIELD_REQUIRED));
      return;
    }
    // The text may have changed since the deferred report: send what is in the field now.
    const current = parseAuditImport(text, { knownStandards, knownTypes });
    if (current.records.length === 0) return;
    const mine = ++session.current;
    setPhase({ step: 'importing' });
    let imported = 0;
    let skipped = 0;
    const confirmations: Promise<{ ok: boolean }>[] = [];
    try {
      for (const audits of commandBatches(current.records)) {
        const outcome = await runCommand(importAuditsCommand.name, { audits });
        if (!outcome.local.ok) {
          const { message, issues = [] } = outcome.local.error;
          if (session.current === mine) {
            setCommandErrors([translate(message), ...issues.map((issue) => issueText(issue))]);
            setPhase(
              imported > 0
                ? { step: 'done', imported, skipped, server: 'pending' }
                : { step: 'edit' },
            );
          }
          return;
        }
        const params = outcome.local.message?.params ?? {};
        imported += Number(params.count ?? 0);
        skipped += Number(params.skipped ?? 0);
        confirmations.push(outcome.confirmed);
      }
    } catch (error) {
      if (session.current === mine) {
        setCommandErrors([error instanceof Error ? error.message : String(error)]);
        setPhase({ step: 'edit' });
      }
      return;
    }
    if (session.current !== mine) return;
    setPhase({
      step: 'done',
      imported,
      skipped: skipped + rejectedRowsOf(current.errors),
      server: 'pending',
    });
    // Offline the server answers later; the dialog may be closed meanwhile (never wait here).
    void Promise.all(confirmations).then((answers) => {
      if (session.current !== mine) return;
      const server = answers.every((answer) => answer.ok) ? 'confirmed' : 'rejected';
      setPhase((now) => (now.step === 'done' ? { ...now, server } : now));
    });
  }

  const busy = phase.step === 'importing';
  const done = phase.step === 'done';
  const generalErrors = report?.errors.filter((issue) => issue.row === undefined) ?? [];
  const rowErrors = report?.errors.filter((issue) => issue.row !== undefined) ?? [];

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="md" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('auditImport.title')}</DialogTitle>
      <DialogContent data-testid="audit-import-dialog">
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('auditImport.intro')}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Button
            component="label"
            variant="outlined"
            startIcon={<UploadFileIcon />}
            disabled={busy || done}
          >
            {t('auditImport.chooseFile')}
            <input
              hidden
              type="file"
              accept=".json,.csv,application/json,text/csv"
              onChange={(event) => void pickFile(event)}
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
          onChange={(event) => changeText(event.target.value)}
          error={fieldError !== null}
          helperText={fieldError ?? t('auditImport.help')}
          slotProps={{
            htmlInput: { 'data-testid': 'audit-import-text', spellCheck: false },
          }}
        />

        {report && !done && (
          <Box data-testid="audit-import-report" aria-live="polite" sx={{ mt: 1 }}>
            <Alert
              severity={report.records.length > 0 ? 'info' : 'warning'}
              data-testid="audit-import-summary"
            >
              {t('auditImport.validRows', { count: report.records.length })}
              {rejectedRows > 0 && ` · ${t('auditImport.rejectedRows', { count: rejectedRows })}`}
            </Alert>
            {(generalErrors.length > 0 || rowErrors.length > 0) && (
              <List dense aria-label={t('auditImport.problems')} data-testid="audit-import-errors">
                {[...generalErrors, ...rowErrors].map((issue, index) => (
                  <ListItem key={index} data-testid="audit-import-error" sx={{ py: 0 }}>
                    <Typography variant="body2" color="error">
                      {issueText(issue)}
                    </Typography>
                  </ListItem>
                ))}
              </List>
            )}
          </Box>
        )}

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
          <Box sx={{ mt: 2 }}>
            <Alert severity="success" data-testid="audit-import-result">
              {t('auditImport.result', { count: phase.imported, skipped: phase.skipped })}
            </Alert>
            <Typography
              variant="body2"
              color={phase.server === 'rejected' ? 'error' : 'text.secondary'}
              sx={{ mt: 1 }}
              data-testid="audit-import-server"
            >
              {t(SERVER_KEYS[phase.server])}
            </Typography>
            {phase.server === 'pending' && (
              <LinearProgress aria-label={t('auditImport.server.pending')} />
            )}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy} data-testid="audit-import-close">
          {done ? t('auditImport.close') : t('auditImport.cancel')}
        </Button>
        {!done && (
          <Button
            variant="contained"
            disabled={busy || (report !== null && report.records.length === 0)}
            onClick={() => void startImport()}
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

/** How many rows the parser rejected (file-level problems have no row). */
function rejectedRowsOf(errors: readonly ImportIssue[]): number {
  return new Set(errors.flatMap((issue) => issue.row ?? [])).size;
}
