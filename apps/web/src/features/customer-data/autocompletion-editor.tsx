import CloudOffIcon from '@mui/icons-material/CloudOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  saveAutocompletionCommand,
  validateAutocompletionList,
  type DomainMessage,
} from '@qa/domain';
import { useEffect, useMemo, useReducer, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../components/snackbar/snackbar-provider';
import { useDomainMessage } from '../../lib/i18n/domain-message';
import { SyncStateIcon } from '../../lib/sync/sync-state-icon';
import { useCommand } from '../../lib/sync/use-command';
import type { ViewDocument } from '../../lib/sync/sync-types';
import { EntriesTable } from './entries-table';
import {
  contentFromDocument,
  contentOf,
  fieldErrors,
  initialListEditorState,
  isDirty,
  listEditorReducer,
  storedVersionChanged,
  type SaveFailure,
} from './list-draft';

interface AutocompletionEditorProps {
  listId: string;
  /** The stored list; undefined for a list created here and not stored yet. */
  document: ViewDocument | undefined;
  /** The title given in the "new list" dialog, for a list not stored yet. */
  newTitle?: string;
  canEdit: boolean;
  /** Whether the sync connection is up: a save made offline waits on this device. */
  online: boolean;
  onDirtyChange: (dirty: boolean) => void;
}

/** Edits one autocompletion list: its title and entries, saved with `autocompletion.save`. */
export function AutocompletionEditor({
  listId,
  document,
  newTitle,
  canEdit,
  online,
  onDirtyChange,
}: AutocompletionEditorProps) {
  const { t } = useTranslation();
  const translate = useDomainMessage();
  const command = useCommand();
  const snackbar = useSnackbar();

  const data = document?.data;
  const stored = useMemo(() => (data ? contentFromDocument(data) : undefined), [data]);
  const [state, dispatch] = useReducer(listEditorReducer, undefined, () =>
    initialListEditorState(stored, newTitle),
  );
  useEffect(() => {
    if (stored) dispatch({ type: 'stored', content: stored });
  }, [stored, state.base]);

  const dirty = isDirty(state);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const content = contentOf(state.draft);
  const saving = state.save.status === 'saving';
  const validation = validateAutocompletionList({ id: listId, ...content });
  const issues: DomainMessage[] =
    state.commandIssues.length > 0
      ? state.commandIssues
      : state.checked && !validation.ok
        ? validation.errors
        : [];
  const errors = fieldErrors(issues, state.draft);
  const idProblems = new Map(
    state.draft.rows.flatMap((row): [number, string][] => {
      const problem = errors.rowIds.get(row.key);
      if (problem) return [[row.key, translate(problem)]];
      return errors.missingIds.has(row.key) ? [[row.key, t('customerData.entryIdMissing')]] : [];
    }),
  );

  const save = async () => {
    if (saving) return;
    dispatch({ type: 'checked' });
    // Problems show at the fields; nothing is sent.
    if (!validateAutocompletionList({ id: listId, ...content }).ok) return;
    dispatch({ type: 'saving', content });
    try {
      const { local, confirmed } = await command(saveAutocompletionCommand.name, {
        id: listId,
        title: content.title,
        data: content.data,
      });
      if (!local.ok) {
        dispatch({ type: 'refused', issues: local.error.issues ?? [local.error.message] });
        return;
      }
      if (local.unchanged) {
        snackbar.show({ message: translate(local.message ?? { key: 'autocompletion.noChanges' }) });
        dispatch(stored ? { type: 'load', content: stored } : { type: 'saved', content });
        return;
      }
      snackbar.show({
        type: 'success',
        message: translate(
          local.message ?? { key: 'autocompletion.saved', params: { title: content.title } },
        ),
      });
      const outcome = await confirmed;
      if (outcome.ok) {
        dispatch({ type: 'saved', content });
      } else {
        // The sync layer already announced the rejection; the form says what became of it.
        dispatch({
          type: 'failed',
          failure: { message: outcome.detail ?? null, code: outcome.code },
          title: content.title,
          issues: outcome.issues ?? [],
        });
      }
    } catch (error) {
      console.warn('autocompletion save failed', error);
      dispatch({
        type: 'failed',
        failure: { message: null, code: null },
        title: content.title,
        issues: [],
      });
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save();
  };

  const reason = (failure: SaveFailure) =>
    failure.message
      ? translate(failure.message)
      : failure.code
        ? t('customerData.rejectedWithCode', { code: failure.code })
        : t('customerData.saveError');

  const changedElsewhere = storedVersionChanged(state, stored);
  const heading = state.draft.title.trim() || listId;

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="list-editor-heading"
      data-testid="list-editor"
      data-list-id={listId}
      sx={{ p: { xs: 1.5, sm: 2 } }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
        <Typography variant="h6" component="h2" id="list-editor-heading" sx={{ minWidth: 0 }}>
          {heading}
        </Typography>
        {document ? (
          <SyncStateIcon state={document.state} size="small" />
        ) : (
          <Chip size="small" label={t('customerData.newBadge')} />
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('customerData.documentIdValue', { id: listId })}
      </Typography>

      {errors.form.map((message, index) => (
        <Alert key={index} severity="error" sx={{ mb: 1 }} data-testid="list-form-error">
          {translate(message)}
        </Alert>
      ))}
      {state.save.status === 'failed' && (
        <Alert severity="error" sx={{ mb: 1 }} data-testid="list-save-error">
          {translate({
            key: 'autocompletion.saveFailed',
            params: { title: state.save.title, reason: reason(state.save.failure) },
          })}
        </Alert>
      )}
      {changedElsewhere && stored && (
        <Alert
          severity="warning"
          sx={{ mb: 1 }}
          data-testid="list-changed"
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => dispatch({ type: 'load', content: stored })}
              data-testid="list-load-stored"
            >
              {t('customerData.loadStored')}
            </Button>
          }
        >
          {t('customerData.storedChanged')}
        </Alert>
      )}

      <Box component="form" noValidate onSubmit={submit}>
        {canEdit ? (
          <TextField
            label={t('customerData.listTitle')}
            value={state.draft.title}
            onChange={(event) => dispatch({ type: 'title', title: event.target.value })}
            required
            fullWidth
            error={Boolean(errors.title)}
            helperText={errors.title ? translate(errors.title) : undefined}
            sx={{ mb: 2 }}
            slotProps={{
              inputLabel: { required: false },
              htmlInput: { 'data-testid': 'list-title' },
            }}
          />
        ) : null}
        <EntriesTable
          rows={state.draft.rows}
          canEdit={canEdit}
          idProblems={idProblems}
          onChange={(key, field, value) => dispatch({ type: 'entry', key, field, value })}
          onAdd={() => {
            const key = state.draft.nextKey;
            dispatch({ type: 'addRow' });
            return key;
          }}
          onDelete={(key) => dispatch({ type: 'deleteRow', key })}
        />
        {errors.entries.map((message, index) => (
          <FormHelperText key={index} error data-testid="entries-error">
            {translate(message)}
          </FormHelperText>
        ))}
        {canEdit && (
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ mt: 2, alignItems: { xs: 'stretch', sm: 'center' } }}
          >
            <Button type="submit" variant="contained" disabled={saving} data-testid="list-save">
              {t('customerData.save')}
            </Button>
            <Box
              role="status"
              data-testid="list-status"
              data-status={state.save.status}
              sx={{ display: 'flex', alignItems: 'center', gap: 1, typography: 'body2' }}
            >
              {saving &&
                (online ? (
                  <>
                    <CircularProgress size={18} aria-hidden />
                    <span>{t('customerData.saving')}</span>
                  </>
                ) : (
                  <>
                    <CloudOffIcon fontSize="small" color="action" aria-hidden />
                    <span>{t('customerData.savedOffline')}</span>
                  </>
                ))}
              {!saving && dirty && document && <span>{t('customerData.unsavedChanges')}</span>}
            </Box>
          </Stack>
        )}
      </Box>
    </Paper>
  );
}
