import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import ErrorIcon from '@mui/icons-material/Error';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  DEFAULT_CONFIGURATION,
  parseConfigEditorText,
  updateConfigurationCommand,
  type ConfigSegment,
} from '@qa/domain';
import type { JsonValue } from '@qa/sync';
import { useEffect, useMemo, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { useDomainMessage } from '../../lib/i18n/domain-message';
import { useCommand } from '../../lib/sync/use-command';
import type { ViewDocument } from '../../lib/sync/sync-types';
import { SyncStateIcon } from '../../lib/sync/sync-state-icon';
import { JsonEditor } from './json-editor';
import { describeFailure, describeProblem, failureFromServer } from './save-failure';
import {
  formatJson,
  initialSegmentDraft,
  isDirty,
  segmentDraftReducer,
  storedVersionChanged,
  type SaveStatus,
} from './segment-draft';
import { useDebouncedValue } from './use-debounced-value';

/** Checked while typing, once the user pauses this long. */
export const VALIDATION_DELAY_MS = 300;

interface ConfigSegmentSectionProps {
  segment: ConfigSegment;
  /** The stored segment document; undefined when nothing is stored for it. */
  document: ViewDocument | undefined;
  canEdit: boolean;
  /** Whether the sync connection is up: a save made offline waits on this device. */
  online: boolean;
}

/** One configuration segment: its JSON in an editor, checked as the user types, saved alone. */
export function ConfigSegmentSection({
  segment,
  document,
  canEdit,
  online,
}: ConfigSegmentSectionProps) {
  const { t } = useTranslation();
  const translate = useDomainMessage();
  const command = useCommand();

  const data = document?.data;
  const storedText = useMemo(() => (data === undefined ? undefined : formatJson(data)), [data]);
  const [draft, dispatch] = useReducer(segmentDraftReducer, undefined, () =>
    // Nothing stored yet: start from the defaults the app falls back to, ready to be saved.
    initialSegmentDraft(storedText, formatJson(DEFAULT_CONFIGURATION[segment])),
  );
  useEffect(() => {
    if (storedText !== undefined && storedText !== draft.base) {
      dispatch({ type: 'stored', text: storedText });
    }
  }, [storedText, draft.base]);

  const [checkedText, flushCheck] = useDebouncedValue(draft.text, VALIDATION_DELAY_MS);
  const check = useMemo(() => parseConfigEditorText(segment, checkedText), [segment, checkedText]);
  const firstProblem = check.ok ? null : (check.errors[0] ?? null);
  const problemText = firstProblem ? describeProblem(firstProblem, translate, t) : null;

  const dirty = isDirty(draft);
  const saving = draft.save.status === 'saving';
  const changedElsewhere = storedVersionChanged(draft, storedText);

  const save = async () => {
    const text = draft.text;
    flushCheck();
    const parsed = parseConfigEditorText(segment, text);
    if (!parsed.ok) return;
    dispatch({ type: 'saving', text });
    try {
      const outcome = await command(updateConfigurationCommand.name, {
        segment,
        // The user's JSON as typed: the command validates it (here and on the server).
        data: JSON.parse(text) as JsonValue,
      });
      if (!outcome.local.ok) {
        dispatch({ type: 'failed', failure: { message: outcome.local.error.message, code: null } });
        return;
      }
      const confirmed = await outcome.confirmed;
      dispatch(
        confirmed.ok
          ? { type: 'saved', text }
          : { type: 'failed', failure: failureFromServer(confirmed) },
      );
    } catch (error) {
      console.warn('configuration save failed', error);
      dispatch({ type: 'failed', failure: { message: null, code: null } });
    }
  };

  const headingId = `config-heading-${segment}`;
  const problemId = `config-error-${segment}`;

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      data-testid={`config-segment-${segment}`}
      sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2" id={headingId}>
          {segment}
        </Typography>
        {document && <SyncStateIcon state={document.state} size="small" />}
      </Stack>

      {!document && (
        <Alert severity="info" sx={{ mb: 1 }} data-testid={`config-not-stored-${segment}`}>
          {t('configuration.notStored')}
        </Alert>
      )}
      {changedElsewhere && storedText !== undefined && (
        <Alert
          severity="warning"
          sx={{ mb: 1 }}
          data-testid={`config-changed-${segment}`}
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => dispatch({ type: 'load', text: storedText })}
              data-testid={`config-load-stored-${segment}`}
            >
              {t('configuration.loadStored')}
            </Button>
          }
        >
          {t('configuration.storedChanged')}
        </Alert>
      )}

      <JsonEditor
        value={draft.text}
        onChange={(text) => dispatch({ type: 'edit', text })}
        readOnly={!canEdit}
        label={t('configuration.editorLabel', { segment })}
        describedBy={problemText ? problemId : undefined}
        problem={
          problemText
            ? { message: problemText, field: fieldOf(firstProblem), text: checkedText }
            : null
        }
        testId={`config-editor-${segment}`}
      />
      <Box aria-live="polite">
        {problemText && (
          <FormHelperText error id={problemId} data-testid={problemId}>
            {problemText}
          </FormHelperText>
        )}
      </Box>

      {canEdit && (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ mt: 1.5, alignItems: { xs: 'stretch', sm: 'center' } }}
        >
          <Button
            variant="contained"
            onClick={() => void save()}
            disabled={!dirty || saving || !check.ok}
            aria-label={t('configuration.saveSegment', { segment })}
            data-testid={`config-save-${segment}`}
          >
            {t('configuration.save')}
          </Button>
          <Button
            onClick={() => dispatch({ type: 'reset' })}
            disabled={!dirty || saving}
            aria-label={t('configuration.resetSegment', { segment })}
            data-testid={`config-reset-${segment}`}
          >
            {t('configuration.reset')}
          </Button>
          <SaveStatusLine
            segment={segment}
            save={draft.save}
            dirty={dirty}
            online={online}
            describe={(failure) => describeFailure(failure, translate, t)}
          />
        </Stack>
      )}
    </Paper>
  );
}

/** The schema issue's field, or undefined for text that is not JSON at all. */
function fieldOf(message: { key: string; params?: Record<string, string | number> } | null) {
  if (!message || message.key === 'validation.invalidJson') return undefined;
  const field = message.params?.field;
  return field === undefined ? '' : String(field);
}

function SaveStatusLine({
  segment,
  save,
  dirty,
  online,
  describe,
}: {
  segment: ConfigSegment;
  save: SaveStatus;
  dirty: boolean;
  online: boolean;
  describe: (failure: Extract<SaveStatus, { status: 'failed' }>['failure']) => string;
}) {
  const { t } = useTranslation();
  let content = null;
  if (save.status === 'saving') {
    content = online ? (
      <>
        <CircularProgress size={18} aria-hidden />
        <span>{t('configuration.saving')}</span>
      </>
    ) : (
      <>
        <CloudOffIcon fontSize="small" color="action" aria-hidden />
        <span>{t('configuration.savedOffline')}</span>
      </>
    );
  } else if (save.status === 'saved') {
    content = (
      <>
        <CheckCircleIcon fontSize="small" color="success" aria-hidden />
        <Box component="span" sx={{ color: 'success.main' }}>
          {t('configuration.saved')}
        </Box>
      </>
    );
  } else if (save.status === 'failed') {
    content = (
      <>
        <ErrorIcon fontSize="small" color="error" aria-hidden />
        <Box component="span" sx={{ color: 'error.main' }}>
          {t('configuration.saveFailed', { reason: describe(save.failure) })}
        </Box>
      </>
    );
  } else if (dirty) {
    content = <span>{t('configuration.unsavedChanges')}</span>;
  }
  return (
    <Box
      role="status"
      data-testid={`config-status-${segment}`}
      data-status={save.status}
      sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 24, typography: 'body2' }}
    >
      {content}
    </Box>
  );
}
