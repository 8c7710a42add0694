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
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  importAuditItemsCommand,
  importTemplateItemsCommand,
  parseItemImportField,
  type AudititemConfig,
  type ConfigOption,
  type ImportIssue,
} from '@qa/domain';
import { useDeferredValue, useId, useMemo, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/snackbar/snackbar-provider';
import { useDomainMessage } from '../../../lib/i18n/domain-message';
import { useLanguage } from '../../../lib/i18n/use-language';
import { randomId } from '../../../lib/sync/random-id';
import { useCommand } from '../../../lib/sync/use-command';
import { decodeCsvBytes, importBatches, importItems } from './audit-item-import';
import { importanceLabel } from './preparation-rows';
import type { AuditStandard } from './use-preparation-config';

export interface AuditItemImportDialogProps {
  auditId: string;
  /**
   * When given, the items go into this template instead (`templateItem.import` with
   * `templateId`, source 'csv'; `auditId` is then not used).
   */
  templateId?: string;
  /** The standard chapters are checked against (the audit's first). */
  standard: AuditStandard | undefined;
  categories: readonly ConfigOption[];
  audititem: AudititemConfig;
  onClose: () => void;
}

type Phase =
  | { step: 'edit' }
  | { step: 'running'; done: number; total: number }
  | { step: 'done'; count: number }
  | { step: 'failed'; done: number; total: number; reason: string };

/**
 * The CSV import of audit items (SPEC sections 2, 5 and 8): a file or pasted text, parsed with
 * the domain's `parseAuditItemCsv` against the audit's standard; the report (ignored rows with
 * their numbers, unmappable chapters, parse errors, the count of valid items) shows before
 * anything is sent; then `auditItem.import` with the valid items, in batches that fit one
 * command each. Mount it per opening.
 */
export function AuditItemImportDialog({
  auditId,
  templateId,
  standard,
  categories,
  audititem,
  onClose,
}: AuditItemImportDialogProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const translate = useDomainMessage();
  const runCommand = useCommand();
  const { show } = useSnackbar();
  const formId = useId();
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [readError, setReadError] = useState(false);
  const [importance, setImportance] = useState('');
  const [phase, setPhase] = useState<Phase>({ step: 'edit' });
  const deferredText = useDeferredValue(text);

  // Emptied after typing: "Field must not be empty" (SPEC section 5), not a silent button.
  const [touched, setTouched] = useState(false);
  const report = useMemo(() => {
    if (deferredText.trim() === '' && !touched) return null;
    return parseItemImportField(deferredText, {
      standard,
      categories: categories.map((option) => ({ id: option.id, name: option.label[language] })),
      language,
      importImportances: audititem.importImportances,
      defaultImportWeight: audititem.defaultImportWeight,
    });
  }, [deferredText, touched, standard, categories, language, audititem]);
  const checked = report !== null && deferredText === text;
  const valid = report?.records.length ?? 0;
  const importedKey = templateId === undefined ? 'auditItem.imported' : 'templateItem.imported';

  async function readFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      setText(decodeCsvBytes(new Uint8Array(await file.arrayBuffer())));
      setFileName(file.name);
      setReadError(false);
    } catch {
      setReadError(true);
    }
  }

  async function send() {
    if (!report || valid === 0) return;
    const batches = importBatches(importItems(report.records, importance, randomId));
    const total = valid;
    let done = 0;
    setPhase({ step: 'running', done, total });
    for (const items of batches) {
      try {
        // Each batch runs on this device at once; the sync engine delivers it to the server.
        const { local } = await (templateId === undefined
          ? runCommand(importAuditItemsCommand.name, { auditId, items })
          : runCommand(importTemplateItemsCommand.name, { templateId, items, source: 'csv' }));
        if (!local.ok) {
          setPhase({ step: 'failed', done, total, reason: translate(local.error.message) });
          return;
        }
      } catch {
        setPhase({ step: 'failed', done, total, reason: t('preparation.import.commandFailed') });
        return;
      }
      done += items.length;
      setPhase({ step: 'running', done, total });
    }
    setPhase({ step: 'done', count: done });
    show({
      type: 'success',
      message: translate({ key: importedKey, params: { count: done } }),
    });
  }

  const running = phase.step === 'running';
  const finished = phase.step === 'done' || phase.step === 'failed';
  const issueText = (issue: ImportIssue) => translate(issue);

  return (
    <Dialog
      open
      onClose={running ? undefined : onClose}
      fullWidth
      maxWidth="md"
      aria-labelledby={`${formId}-title`}
    >
      <DialogTitle id={`${formId}-title`}>{t('preparation.import.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }} data-testid="item-import-dialog">
          {phase.step === 'edit' && (
            <>
              <Typography variant="body2" color="text.secondary">
                {standard
                  ? t('preparation.import.standard', { standard: standard.name })
                  : t('preparation.import.noStandard')}
              </Typography>
              <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
                <Button component="label" variant="outlined" startIcon={<UploadFileIcon />}>
                  {t('preparation.import.chooseFile')}
                  <input
                    type="file"
                    accept=".csv,text/csv,text/plain"
                    hidden
                    onChange={(event) => void readFile(event)}
                    data-testid="item-import-file"
                  />
                </Button>
                {fileName && (
                  <Typography variant="body2">
                    {t('preparation.import.fileName', { name: fileName })}
                  </Typography>
                )}
              </Box>
              {readError && <Alert severity="error">{t('preparation.import.readFailed')}</Alert>}
              <TextField
                label={t('preparation.import.text')}
                value={text}
                onChange={(event) => {
                  setText(event.target.value);
                  setTouched(true);
                  setFileName(null);
                }}
                multiline
                minRows={5}
                maxRows={14}
                fullWidth
                helperText={t('preparation.import.textHelp')}
                slotProps={{ htmlInput: { 'data-testid': 'item-import-text', spellCheck: false } }}
              />
              <TextField
                label={t('preparation.import.importance')}
                select
                value={importance}
                onChange={(event) => setImportance(event.target.value)}
                helperText={t('preparation.import.importanceHelp')}
                fullWidth
                slotProps={{
                  select: { native: true },
                  inputLabel: { shrink: true },
                  htmlInput: { 'data-testid': 'item-import-importance' },
                }}
              >
                <option value="">{importanceLabel('', audititem.importances, language)}</option>
                {audititem.importImportances.map((id) => (
                  <option key={id} value={id}>
                    {importanceLabel(id, audititem.importances, language)}
                  </option>
                ))}
              </TextField>
              {report && (
                <Box aria-live="polite" data-testid="item-import-report">
                  <Alert severity={valid > 0 ? 'success' : 'error'} data-testid="item-import-count">
                    {t('preparation.import.valid', { count: valid })}
                  </Alert>
                  {report.errors.length > 0 && (
                    <>
                      <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
                        {t('preparation.import.errors', { count: report.errors.length })}
                      </Typography>
                      <List dense data-testid="item-import-errors">
                        {report.errors.map((issue, index) => (
                          <ListItem key={index} sx={{ color: 'error.main' }}>
                            {issueText(issue)}
                          </ListItem>
                        ))}
                      </List>
                    </>
                  )}
                  {report.warnings.length > 0 && (
                    <>
                      <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
                        {t('preparation.import.warnings', { count: report.warnings.length })}
                      </Typography>
                      <List dense data-testid="item-import-warnings">
                        {report.warnings.map((issue, index) => (
                          <ListItem key={index}>{issueText(issue)}</ListItem>
                        ))}
                      </List>
                    </>
                  )}
                </Box>
              )}
            </>
          )}
          {phase.step === 'running' && (
            <Box data-testid="item-import-progress">
              <Typography gutterBottom>
                {t('preparation.import.running', { done: phase.done, count: phase.total })}
              </Typography>
              <LinearProgress
                variant="determinate"
                value={phase.total === 0 ? 0 : (phase.done / phase.total) * 100}
                aria-label={t('preparation.import.progress')}
              />
            </Box>
          )}
          {phase.step === 'done' && (
            <Alert severity="success" data-testid="item-import-result">
              {translate({ key: importedKey, params: { count: phase.count } })}
            </Alert>
          )}
          {phase.step === 'failed' && (
            <Alert severity="error" data-testid="item-import-result">
              {t('preparation.import.failed', {
                done: phase.done,
                count: phase.total,
                reason: phase.reason,
              })}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        {finished ? (
          <Button variant="contained" onClick={onClose} data-testid="item-import-close">
            {t('preparation.import.close')}
          </Button>
        ) : (
          <>
            <Button onClick={onClose} disabled={running}>
              {t('preparation.import.cancel')}
            </Button>
            <Button
              variant="contained"
              onClick={() => void send()}
              disabled={running || !checked || valid === 0}
              data-testid="item-import-submit"
            >
              {t('preparation.import.submit', { count: valid })}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
