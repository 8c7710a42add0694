import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { importStandardCommand, parseStandardImport } from '@qa/domain';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../components/snackbar/snackbar-provider';
import { useDomainMessage } from '../../lib/i18n/domain-message';
import { useCommand } from '../../lib/sync/use-command';

export interface StandardImportDialogProps {
  open: boolean;
  existingIds: readonly string[];
  onClose: () => void;
  onImported: (id: string) => void;
}

type Field = 'id' | 'name' | 'description' | 'chapters';

const HELP_KEYS: Record<Field, string> = {
  id: 'standards.importHelp.id',
  name: 'standards.importHelp.name',
  description: 'standards.importHelp.description',
  chapters: 'standards.importHelp.chapters',
};

/** Which dialog field an import problem belongs to: by the schema path, else by its key. */
function fieldOf(issue: { key: string; params?: Record<string, string | number> }): Field {
  const path = issue.params?.field;
  const head = typeof path === 'string' ? path.split('.')[0] : '';
  if (head === 'id' || head === 'name' || head === 'description') return head;
  if (issue.key.startsWith('standard.id')) return 'id';
  return 'chapters';
}

/**
 * The standard import dialog (SPEC sections 2 and 5): name, optional id, description, and the
 * chapters as a JSON list of {id, description} or semicolon CSV with id and description columns.
 * Checked with the domain's parser before anything is sent; the server checks again.
 */
export function StandardImportDialog({
  open,
  existingIds,
  onClose,
  onImported,
}: StandardImportDialogProps) {
  const { t } = useTranslation();
  const translate = useDomainMessage();
  const runCommand = useCommand();
  const { show } = useSnackbar();
  const formId = useId();
  const [form, setForm] = useState({ id: '', name: '', description: '', chapters: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);

  const set = (field: Field) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const report = parseStandardImport(
      form.chapters,
      { id: form.id.trim() || undefined, name: form.name, description: form.description },
      { existingIds },
    );
    const standard = report.records[0];
    if (report.errors.length > 0 || !standard) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of report.errors) {
        const field = fieldOf(issue);
        const text = translate(issue);
        next[field] = next[field] ? `${next[field]}; ${text}` : text;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const outcome = await runCommand(importStandardCommand.name, {
        id: standard.id,
        name: standard.name,
        description: standard.description,
        chapters: standard.chapters,
      });
      if (!outcome.local.ok) {
        setErrors({
          [fieldOf(outcome.local.error.message)]: translate(outcome.local.error.message),
        });
        return;
      }
      show({ type: 'success', message: t('standards.imported', { name: standard.name }) });
      setForm({ id: '', name: '', description: '', chapters: '' });
      onImported(standard.id);
    } finally {
      setBusy(false);
    }
  }

  const fieldProps = (field: Field) => ({
    value: form[field],
    onChange: set(field),
    error: Boolean(errors[field]),
    helperText: errors[field] ?? t(HELP_KEYS[field]),
    fullWidth: true,
    margin: 'dense' as const,
    slotProps: { htmlInput: { 'data-testid': `standard-import-${field}` } },
  });

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby={`${formId}-title`}
    >
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        data-testid="standard-import-dialog"
      >
        <DialogTitle id={`${formId}-title`}>{t('standards.importTitle')}</DialogTitle>
        <DialogContent>
          <TextField label={t('standards.name')} required autoFocus {...fieldProps('name')} />
          <TextField label={t('standards.id')} {...fieldProps('id')} />
          <TextField
            label={t('standards.description')}
            required
            multiline
            minRows={2}
            {...fieldProps('description')}
          />
          <TextField
            label={t('standards.chapters')}
            required
            multiline
            minRows={5}
            {...fieldProps('chapters')}
          />
          {Object.keys(errors).length > 0 && (
            <Alert severity="error" sx={{ mt: 1 }} data-testid="standard-import-errors">
              {t('standards.importInvalid')}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('standards.cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            data-testid="standard-import-submit"
          >
            {t('standards.import')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
