import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import {
  DEFAULT_REPORT_CALC_SCHEMA,
  STANDARDS_COLLECTION,
  TEMPLATES_COLLECTION,
  createTemplateCommand,
  updateTemplateCommand,
  type DomainMessage,
} from '@qa/domain';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../components/snackbar/snackbar-provider';
import { useConfigSegment } from '../../lib/config/use-config-segment';
import { useDomainMessage } from '../../lib/i18n/domain-message';
import { formatDate } from '../../lib/i18n/format';
import { placeIssues } from '../../lib/i18n/place-issues';
import { useLanguage } from '../../lib/i18n/use-language';
import { usePerson } from '../../lib/session/session-provider';
import { randomId } from '../../lib/sync/random-id';
import { useCommand } from '../../lib/sync/use-command';
import { useDocument } from '../../lib/sync/use-document';
import { useQuery } from '../../lib/sync/use-query';
import { ChipListField, FreeListField } from '../audits/audit-dialog-fields';
import { optionLabel } from '../audits/audit-matrix-rows';
import { EvaluationSchemaField, VdaSetupFields } from '../audits/vda-setup-fields';
import {
  EMPTY_VDA_SETUP,
  isVdaSchema,
  unnamedSteps,
  withCalcSchema,
} from '../audits/vda-setup-model';
import { personLabel, usePeople } from '../people/use-people';
import {
  createTemplateArgs,
  newTemplateFormValues,
  storedTemplateFormValues,
  templateFieldOf,
  updateTemplateArgs,
  type TemplateFormField,
  type TemplateFormValues,
} from './template-model';

const STANDARDS_QUERY = { collection: STANDARDS_COLLECTION, filters: [] };

export interface TemplateDialogProps {
  /** The template to edit; undefined creates one. */
  templateId?: string;
  /** Closed; with the template's id after a save. */
  onClose: (savedId?: string) => void;
}

/**
 * The template metadata dialog (SPEC section 2, fullscreen): name, standard, type, audit kind,
 * created by (read-only), scope, process, tags, created date. A new template starts with the
 * `template` configuration's default standard and audit kind (SPEC section 9). Runs
 * `template.create` or `template.update` (only the changed fields) on this device; the sync
 * engine delivers it, also after being offline. Mount it per opening.
 */
export function TemplateDialog({ templateId, onClose }: TemplateDialogProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const translate = useDomainMessage();
  const runCommand = useCommand();
  const { show } = useSnackbar();
  const person = usePerson();
  const people = usePeople();
  const formId = useId();
  const templateConfig = useConfigSegment('template');
  const auditConfig = useConfigSegment('audit');
  const scopes = useConfigSegment('scopes');
  const app = useConfigSegment('app');
  const { documents: standardDocs } = useQuery(STANDARDS_QUERY);
  const { document } = useDocument(TEMPLATES_COLLECTION, templateId);
  const stored = document?.data;
  const initial = useMemo(
    () => (stored ? storedTemplateFormValues(stored) : newTemplateFormValues(templateConfig)),
    [stored, templateConfig],
  );
  const [values, setValues] = useState<TemplateFormValues | null>(null);
  const form = values ?? initial;
  const [errors, setErrors] = useState<Partial<Record<TemplateFormField, string>>>({});
  const [generalError, setGeneralError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Steps a refused save found without a name (VDA 6.3, issue 19).
  const [unnamed, setUnnamed] = useState<string[]>([]);
  const editing = templateId !== undefined;
  const calcSchema = form.reportSchema?.calcSchema ?? DEFAULT_REPORT_CALC_SCHEMA;
  const vdaChosen = isVdaSchema(calcSchema);
  const chipLimit = app.textLimits.chip;

  const set = <K extends TemplateFormField>(field: K, value: TemplateFormValues[K]) =>
    setValues({ ...form, [field]: value });

  const standardOptions = standardDocs.map((doc) => ({
    id: doc.id,
    label: typeof doc.data.name === 'string' && doc.data.name !== '' ? doc.data.name : doc.id,
  }));
  if (form.standard !== '' && !standardOptions.some((option) => option.id === form.standard)) {
    standardOptions.push({ id: form.standard, label: form.standard });
  }
  const typeIds = auditConfig.types.map((option) => option.id);
  const partyIds = auditConfig.parties.map((option) => option.id);
  const scopeIds = scopes.entries.map((entry) => entry.id);
  const scopeLabel = (id: string) => {
    const entry = scopes.entries.find((candidate) => candidate.id === id);
    return entry ? [entry.site, entry.region].filter(Boolean).join(', ') : id;
  };
  const creator = typeof stored?.created_by === 'string' ? stored.created_by : person?.id;
  const createdDate =
    typeof stored?.created_date === 'string' ? formatDate(stored.created_date, language) : '';

  function showIssues(message: DomainMessage, issues: readonly DomainMessage[] | undefined) {
    const placed = placeIssues(message, issues, templateFieldOf, translate);
    setErrors(placed.fields);
    setGeneralError(
      placed.general ??
        (Object.keys(placed.fields).length > 0 ? t('templates.dialog.invalid') : null),
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (form.name.trim() === '') {
      setErrors({ name: translate({ key: 'validation.required' }) });
      setGeneralError(null);
      return;
    }
    const missingNames = vdaChosen && form.vda ? unnamedSteps(form.vda) : [];
    setUnnamed(missingNames);
    if (missingNames.length > 0) {
      setGeneralError(t('templates.dialog.invalid'));
      return;
    }
    const id = templateId ?? randomId();
    const args = editing ? updateTemplateArgs(id, initial, form) : createTemplateArgs(id, form);
    if (args === null) {
      show({ type: 'info', message: translate({ key: 'command.noChanges' }) });
      onClose();
      return;
    }
    setBusy(true);
    try {
      const command = editing ? updateTemplateCommand : createTemplateCommand;
      const { local } = await runCommand(command.name, args);
      if (!local.ok) {
        showIssues(local.error.message, local.error.issues);
        return;
      }
      if (local.message) show({ type: 'success', message: translate(local.message) });
      onClose(id);
    } catch {
      setGeneralError(t('templates.dialog.saveFailed'));
    } finally {
      setBusy(false);
    }
  }

  const select = (
    field: 'standard' | 'type' | 'audited_by',
    label: string,
    options: { id: string; label: string }[],
  ) => (
    <TextField
      label={label}
      select
      value={form[field]}
      onChange={(event) => set(field, event.target.value)}
      error={Boolean(errors[field])}
      helperText={errors[field]}
      fullWidth
      slotProps={{
        select: { native: true },
        inputLabel: { shrink: true },
        htmlInput: { 'data-testid': `template-dialog-${field}` },
      }}
    >
      <option value="">{t('templates.dialog.none')}</option>
      {options.map((option) => (
        <option key={option.id} value={option.id}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
  const withCurrent = (ids: string[], current: string) =>
    current !== '' && !ids.includes(current) ? [...ids, current] : ids;

  return (
    <Dialog
      open
      fullScreen
      onClose={() => onClose()}
      aria-labelledby={`${formId}-title`}
      data-testid="template-dialog"
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <AppBar position="sticky" color="default" elevation={1}>
          <Toolbar sx={{ gap: 1 }}>
            <IconButton
              edge="start"
              onClick={() => onClose()}
              aria-label={t('templates.dialog.cancel')}
            >
              <CloseIcon />
            </IconButton>
            <Typography
              id={`${formId}-title`}
              variant="h6"
              component="h2"
              sx={{ flex: 1, minWidth: 0 }}
              noWrap
            >
              {editing ? t('templates.dialog.editTitle') : t('templates.dialog.createTitle')}
            </Typography>
            <Button
              type="submit"
              variant="contained"
              disabled={busy}
              data-testid="template-dialog-save"
            >
              {t('templates.dialog.save')}
            </Button>
          </Toolbar>
        </AppBar>
        <DialogContent>
          <Container maxWidth="md" disableGutters>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <TextField
                label={t('templates.dialog.name')}
                required
                autoFocus
                value={form.name}
                onChange={(event) => set('name', event.target.value)}
                error={Boolean(errors.name)}
                helperText={errors.name}
                fullWidth
                slotProps={{ htmlInput: { 'data-testid': 'template-dialog-name' } }}
              />
              {select('standard', t('templates.dialog.standard'), standardOptions)}
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                {select(
                  'type',
                  t('templates.dialog.type'),
                  withCurrent(typeIds, form.type).map((id) => ({
                    id,
                    label: optionLabel(auditConfig.types, id, language),
                  })),
                )}
                {select(
                  'audited_by',
                  t('templates.dialog.auditedBy'),
                  withCurrent(partyIds, form.audited_by).map((id) => ({
                    id,
                    label: optionLabel(auditConfig.parties, id, language),
                  })),
                )}
              </Stack>
              <EvaluationSchemaField
                value={calcSchema}
                onChange={(next) =>
                  setValues({
                    ...form,
                    reportSchema: withCalcSchema(form.reportSchema, next),
                    vda: form.vda ?? (isVdaSchema(next) ? EMPTY_VDA_SETUP : undefined),
                  })
                }
                testId="template-dialog-calcSchema"
              />
              {vdaChosen && (
                <VdaSetupFields
                  value={form.vda ?? EMPTY_VDA_SETUP}
                  onChange={(vda) => set('vda', vda)}
                  newId={randomId}
                  unnamed={unnamed}
                  testId="template-dialog-vda"
                />
              )}
              <ChipListField
                label={t('templates.dialog.scope')}
                value={form.scope}
                onChange={(next) => set('scope', next)}
                options={scopeIds}
                labelOf={scopeLabel}
                freeSolo
                disabled={false}
                error={errors.scope}
                chipLimit={chipLimit}
                testId="template-dialog-scope"
              />
              <FreeListField
                label={t('templates.dialog.process')}
                value={form.process}
                onChange={(next) => set('process', next)}
                disabled={false}
                error={errors.process}
                helperText={t('templates.dialog.listHelp')}
                chipLimit={chipLimit}
                testId="template-dialog-process"
              />
              <FreeListField
                label={t('templates.dialog.tags')}
                value={form.tags}
                onChange={(next) => set('tags', next)}
                disabled={false}
                error={errors.tags}
                helperText={t('templates.dialog.listHelp')}
                chipLimit={chipLimit}
                testId="template-dialog-tags"
              />
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  label={t('templates.dialog.createdBy')}
                  value={creator ? personLabel(people.byId, creator, t) : ''}
                  fullWidth
                  slotProps={{
                    input: { readOnly: true },
                    htmlInput: { 'data-testid': 'template-dialog-created-by' },
                  }}
                />
                <TextField
                  label={t('templates.dialog.createdDate')}
                  value={createdDate || t('templates.dialog.createdOnSave')}
                  fullWidth
                  slotProps={{
                    input: { readOnly: true },
                    htmlInput: { 'data-testid': 'template-dialog-created-date' },
                  }}
                />
              </Stack>
              {generalError && (
                <Alert severity="error" data-testid="template-dialog-error">
                  {generalError}
                </Alert>
              )}
            </Stack>
          </Container>
        </DialogContent>
      </form>
    </Dialog>
  );
}
