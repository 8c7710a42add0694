import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import {
  createInactivePersonCommand,
  validateNewPersonFields,
  type DomainMessage,
} from '@qa/domain';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDomainMessage } from '../../lib/i18n/domain-message';
import { randomId } from '../../lib/sync/random-id';
import { useCommand } from '../../lib/sync/use-command';

export interface CreatedPerson {
  id: string;
  displayName: string;
}

export interface PersonCreateDialogProps {
  open: boolean;
  /** What the user had typed into the picker: the name to start with. */
  initialName: string;
  /** The person is created as an auditor too (the picker lists auditors only). */
  asAuditor: boolean;
  onClose: () => void;
  onCreated: (person: CreatedPerson) => void;
}

type Field = 'displayName' | 'email';

/** Which field a rejection of the command belongs to: by the schema path, else by its key. */
function fieldOf(message: DomainMessage): Field | null {
  const path = message.params?.field;
  const head = typeof path === 'string' ? path.split('.')[0] : '';
  if (head === 'displayName' || head === 'email') return head;
  if (message.key.startsWith('person.email')) return 'email';
  if (message.key.startsWith('person.name')) return 'displayName';
  return null;
}

/**
 * "Add person" of the user picker (SPEC sections 2 and 5): name and e-mail, Enter submits.
 * Creates an inactive person (a record without login) with a client-generated id and hands it
 * back at once, so the picker selects the new person even offline; the server confirms later.
 */
export function PersonCreateDialog(props: PersonCreateDialogProps) {
  // A fresh form every time it opens, starting from what was typed.
  return props.open ? <PersonCreateForm {...props} /> : null;
}

function PersonCreateForm({ initialName, asAuditor, onClose, onCreated }: PersonCreateDialogProps) {
  const { t } = useTranslation();
  const translate = useDomainMessage();
  const runCommand = useCommand();
  const formId = useId();
  const [form, setForm] = useState({ displayName: initialName.trim(), email: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    // The submit must not reach a form around the picker (React events cross portals).
    event.stopPropagation();
    const invalid = validateNewPersonFields(form);
    if (invalid.displayName || invalid.email) {
      setErrors({
        displayName: invalid.displayName && translate(invalid.displayName),
        email: invalid.email && translate(invalid.email),
      });
      return;
    }
    setErrors({});
    setFailure(null);
    setBusy(true);
    try {
      const id = randomId();
      const displayName = form.displayName.trim();
      const outcome = await runCommand(createInactivePersonCommand.name, {
        id,
        displayName,
        email: form.email.trim(),
        ...(asAuditor ? { roles: ['user', 'auditor'] } : {}),
      });
      if (!outcome.local.ok) {
        const { message, issues = [] } = outcome.local.error;
        const next: Partial<Record<Field, string>> = {};
        let general: string | null = null;
        for (const issue of issues.length > 0 ? issues : [message]) {
          const field = fieldOf(issue);
          if (field) next[field] ??= translate(issue);
          else general ??= translate(issue);
        }
        setErrors(next);
        setFailure(general);
        return;
      }
      // Not waiting for the server: the person exists on this device now (works offline).
      onCreated({ id, displayName });
    } finally {
      setBusy(false);
    }
  }

  const fieldProps = (field: Field) => ({
    value: form[field],
    onChange: (event: { target: { value: string } }) =>
      setForm((current) => ({ ...current, [field]: event.target.value })),
    error: Boolean(errors[field]),
    helperText: errors[field],
    required: true,
    fullWidth: true,
    margin: 'dense' as const,
    slotProps: { htmlInput: { 'data-testid': `person-create-${field}` } },
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={`${formId}-title`}>
      <form noValidate onSubmit={(event) => void submit(event)} data-testid="person-create-dialog">
        <DialogTitle id={`${formId}-title`}>{t('people.createTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText variant="body2">
            {asAuditor ? t('people.createHintAuditor') : t('people.createHint')}
          </DialogContentText>
          <TextField
            label={t('people.name')}
            autoFocus
            autoComplete="off"
            {...fieldProps('displayName')}
          />
          <TextField label={t('people.email')} type="email" {...fieldProps('email')} />
          {failure && (
            <Alert severity="error" sx={{ mt: 1 }} data-testid="person-create-error">
              {failure}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} data-testid="person-create-cancel">
            {t('people.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            data-testid="person-create-submit"
          >
            {t('people.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
