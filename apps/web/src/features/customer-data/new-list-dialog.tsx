import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { validateAutocompletionList, type DomainMessage } from '@qa/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDomainMessage } from '../../lib/i18n/domain-message';

interface NewListDialogProps {
  open: boolean;
  /** Ids of the lists that exist: a new list must not take one. */
  existingIds: ReadonlySet<string>;
  onCancel: () => void;
  onCreate: (list: { id: string; title: string }) => void;
}

type Problem = { domain: DomainMessage } | { key: string; id: string };

/** Problems of the dialog's two fields, by the domain's rules for a list (no entries yet). */
function problemsOf(id: string, title: string, existingIds: ReadonlySet<string>) {
  const result = validateAutocompletionList({ id, title, data: [] });
  const errors = result.ok ? [] : result.errors;
  const idError = errors.find((error) => error.key === 'autocompletion.documentIdInvalid');
  const titleError = errors.find((error) => error.key === 'autocompletion.titleRequired');
  const idProblem: Problem | null = idError
    ? { domain: idError }
    : existingIds.has(id)
      ? { key: 'customerData.idExists', id }
      : null;
  return { id: idProblem, title: titleError ? { domain: titleError } : null };
}

/** Asks the id (the document id, fixed once created) and the title of a new list. */
export function NewListDialog(props: NewListDialogProps) {
  // Mounted only while open, so every opening starts empty.
  return props.open ? <NewListForm {...props} /> : null;
}

function NewListForm({ existingIds, onCancel, onCreate }: NewListDialogProps) {
  const { t } = useTranslation();
  const translate = useDomainMessage();
  const [id, setId] = useState('');
  const [title, setTitle] = useState('');
  const [checked, setChecked] = useState(false);
  const problems = problemsOf(id, title, existingIds);

  const text = (problem: Problem | null) =>
    problem === null
      ? undefined
      : 'domain' in problem
        ? translate(problem.domain)
        : t(problem.key, { id: problem.id });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (problems.id || problems.title) return;
    onCreate({ id, title: title.trim() });
  };

  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="xs" aria-labelledby="new-list-title">
      <form noValidate onSubmit={submit} data-testid="new-list-dialog">
        <DialogTitle id="new-list-title">{t('customerData.newListTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t('customerData.documentId')}
              value={id}
              onChange={(event) => setId(event.target.value)}
              autoFocus
              required
              fullWidth
              error={checked && problems.id !== null}
              helperText={(checked && text(problems.id)) || t('customerData.documentIdHint')}
              slotProps={{
                inputLabel: { required: false },
                htmlInput: {
                  'data-testid': 'new-list-id',
                  autoCapitalize: 'none',
                  autoCorrect: 'off',
                  spellCheck: false,
                },
              }}
            />
            <TextField
              label={t('customerData.listTitle')}
              value={title}
              onChange={(event) => setTitle(event.target.value)}
              required
              fullWidth
              error={checked && problems.title !== null}
              helperText={checked ? text(problems.title) : undefined}
              slotProps={{
                inputLabel: { required: false },
                htmlInput: { 'data-testid': 'new-list-title-input' },
              }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} data-testid="new-list-cancel">
            {t('customerData.cancel')}
          </Button>
          <Button type="submit" variant="contained" data-testid="new-list-create">
            {t('customerData.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
