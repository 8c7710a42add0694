import LocationOffIcon from '@mui/icons-material/LocationOff';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  createFindingCommand,
  updateFindingCommand,
  type DomainMessage,
  type FindingType,
} from '@qa/domain';
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ListTextField } from '../../../components/form/list-text-field';
import { useCustomerLists } from '../../../lib/config/customer-lists';
import { useSnackbar } from '../../../components/snackbar/snackbar-provider';
import {
  formatCoordinates,
  mapLink,
  recordPosition,
  type PositionFailure,
} from '../../../lib/geolocation/record-position';
import { useDomainMessage } from '../../../lib/i18n/domain-message';
import { placeIssues } from '../../../lib/i18n/place-issues';
import { formatDate } from '../../../lib/i18n/format';
import { useLanguage } from '../../../lib/i18n/use-language';
import { randomId } from '../../../lib/sync/random-id';
import { useCommand } from '../../../lib/sync/use-command';
import { findingTypeLabel } from '../preparation/preparation-rows';
import { DiscardFindingsDialog } from './discard-findings-dialog';
import {
  findingTypeColor,
  replacesOthers,
  type ExecutionFinding,
  type ExecutionRow,
  type FindingCustomField,
} from './execution-rows';
import {
  createFindingArgs,
  emptyFindingForm,
  findingFieldOf,
  findingFormOf,
  updateFindingArgs,
  type FindingCommandArgs,
  type FindingField,
  type FindingForm,
  type FindingTextField,
} from './finding-form';
import { FindingMediaSection, type FindingMediaActions } from './media/finding-media-section';
import { findingsSavedBurst } from './snackbar-bursts';

export interface FindingDialogProps {
  auditId: string;
  row: ExecutionRow;
  /** The finding to edit; undefined records a new one. */
  finding?: ExecutionFinding;
  /** The type a new finding starts with. */
  initialType?: string;
  types: readonly FindingType[];
  /** The custom fields the `finding` configuration switches on. */
  customFields: readonly FindingCustomField[];
  /** Shows the finding without saving (a person outside the team, a protected audit). */
  readOnly?: boolean;
  /** A note at the top, e.g. why a VDA evaluation below the best asks for a finding first. */
  hint?: string;
  /** Called once the finding was recorded on this device, before `onClose`. */
  onSaved?: () => void;
  onClose: () => void;
  /** The finding's photos and files, shown for a finding that exists. */
  media?: FindingMediaActions;
}

const FIELD_LABELS: Record<FindingTextField, string> = {
  text: 'execution.dialog.fields.text',
  reason: 'execution.dialog.fields.reason',
  solution: 'execution.dialog.fields.solution',
  findingperson: 'execution.dialog.fields.findingperson',
  riskassessment: 'execution.dialog.fields.riskassessment',
  error_code: 'execution.dialog.fields.error_code',
  module: 'execution.dialog.fields.module',
  part: 'execution.dialog.fields.part',
  zone: 'execution.dialog.fields.zone',
  costcenter: 'execution.dialog.fields.costcenter',
};

const POSITION_FAILURES: Record<PositionFailure, string> = {
  denied: 'execution.dialog.positionFailed.denied',
  unavailable: 'execution.dialog.positionFailed.unavailable',
  timeout: 'execution.dialog.positionFailed.timeout',
  unsupported: 'execution.dialog.positionFailed.unsupported',
};

/**
 * The finding dialog (SPEC section 2, issue 11.3): the question it answers (read only), the
 * finding type, text, reason, solution, who found it, the risk assessment, the configured
 * custom fields (with the customer list of the same name), and the position. Mount it per
 * opening (key). It closes as soon as the command ran on this device; the sync engine takes it
 * to the server, also after being offline. A type that closes the question asks first when it
 * would replace the item's other findings.
 */
export function FindingDialog({
  auditId,
  row,
  finding,
  initialType,
  types,
  customFields,
  readOnly = false,
  hint,
  onSaved,
  onClose,
  media,
}: FindingDialogProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const translate = useDomainMessage();
  const runCommand = useCommand();
  const { show } = useSnackbar();
  const formId = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [form, setForm] = useState<FindingForm>(() =>
    finding ? findingFormOf(finding) : emptyFindingForm(initialType ?? types[0]?.id ?? ''),
  );
  const [errors, setErrors] = useState<Partial<Record<FindingField, string>>>({});
  const [generalError, setGeneralError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [locating, setLocating] = useState(false);
  const [positionError, setPositionError] = useState<PositionFailure | null>(null);
  const [confirming, setConfirming] = useState<FindingCommandArgs | null>(null);
  const fields = useRef<Partial<Record<FindingField, HTMLElement | null>>>({});
  const findingId = useMemo(() => finding?.id ?? randomId(), [finding]);
  const listOptions = useCustomerLists();
  const q = row.question;

  const set = (patch: Partial<FindingForm>) => setForm((current) => ({ ...current, ...patch }));
  const setText = (field: FindingTextField, value: string) =>
    setForm((current) =>
      field === 'text' ||
      field === 'reason' ||
      field === 'solution' ||
      field === 'findingperson' ||
      field === 'riskassessment'
        ? { ...current, [field]: value }
        : { ...current, custom: { ...current.custom, [field]: value } },
    );
  const valueOf = (field: FindingTextField) =>
    field === 'text' ||
    field === 'reason' ||
    field === 'solution' ||
    field === 'findingperson' ||
    field === 'riskassessment'
      ? form[field]
      : form.custom[field];
  const textProps = (field: FindingTextField, multiline = false) => ({
    label: t(FIELD_LABELS[field]),
    value: valueOf(field),
    onChange: (event: { target: { value: string } }) => setText(field, event.target.value),
    error: Boolean(errors[field]),
    helperText: errors[field],
    fullWidth: true,
    multiline,
    minRows: multiline ? 2 : undefined,
    inputRef: (element: HTMLElement | null) => {
      fields.current[field] = element;
    },
    slotProps: { htmlInput: { 'data-testid': `finding-${field}` } },
  });

  // A type the configuration lost stays selectable for the finding that has it.
  const typeOptions = types.map((type) => type.id);
  if (form.importance !== '' && !typeOptions.includes(form.importance)) {
    typeOptions.push(form.importance);
  }
  const selectedType = types.find((type) => type.id === form.importance);

  function showIssues(message: DomainMessage, issues: readonly DomainMessage[] | undefined) {
    const { fields: next, general } = placeIssues(message, issues, findingFieldOf, translate);
    setErrors(next);
    setGeneralError(
      general ?? (Object.keys(next).length > 0 ? t('execution.dialog.invalid') : null),
    );
    const first = Object.keys(next)[0] as FindingField | undefined;
    if (first) fields.current[first]?.focus();
  }

  async function save(args: FindingCommandArgs) {
    setBusy(true);
    try {
      const command = finding ? updateFindingCommand : createFindingCommand;
      const { local } = await runCommand(command.name, args);
      if (!local.ok) {
        showIssues(local.error.message, local.error.issues);
        return;
      }
      show({
        type: 'success',
        message: translate(
          local.message ?? { key: finding ? 'finding.updated' : 'finding.created' },
        ),
        burst: findingsSavedBurst(t),
      });
      onSaved?.();
      onClose();
    } catch {
      setGeneralError(t('execution.dialog.saveFailed'));
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (readOnly) return;
    const args = finding
      ? updateFindingArgs(auditId, row.id, finding, form, language)
      : createFindingArgs(auditId, row.id, findingId, form, language);
    if (args === null) {
      show({ type: 'info', message: translate({ key: 'command.noChanges' }) });
      onClose();
      return;
    }
    if (replacesOthers(row, types, form.importance, finding?.id ?? null)) {
      setConfirming(args);
      return;
    }
    void save(args);
  }

  async function locate() {
    setLocating(true);
    setPositionError(null);
    const result = await recordPosition();
    setLocating(false);
    if (result.ok) set({ geolocation: result.position });
    else setPositionError(result.reason);
  }

  const customField = (field: FindingCustomField) => {
    const { onChange: _typed, ...props } = textProps(field);
    return (
      <ListTextField
        key={field}
        {...props}
        onChange={(next) => setText(field, next)}
        options={listOptions(field)}
      />
    );
  };

  const position = form.geolocation;
  return (
    <>
      <Dialog
        open
        onClose={onClose}
        fullWidth
        maxWidth="md"
        fullScreen={fullScreen}
        aria-labelledby={`${formId}-title`}
      >
        <form noValidate onSubmit={submit} data-testid="finding-dialog">
          <DialogTitle id={`${formId}-title`}>
            {finding ? t('execution.dialog.editTitle') : t('execution.dialog.createTitle')}
          </DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              {hint && (
                <Alert severity="info" data-testid="finding-hint">
                  {hint}
                </Alert>
              )}
              <Box
                component="section"
                aria-label={t('execution.dialog.question')}
                sx={{ bgcolor: 'grey.100', borderRadius: 1, p: 1.5 }}
                data-testid="finding-question"
              >
                <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                  {q.no ? `${q.no} ${q.text}` : q.text}
                </Typography>
                {q.hint && (
                  <Typography variant="body2" color="text.secondary">
                    {`${t('preparation.hint')}: ${q.hint}`}
                  </Typography>
                )}
                {q.description && (
                  <Typography variant="body2" color="text.secondary">
                    {q.description}
                  </Typography>
                )}
                {q.chapters.length > 0 && (
                  <Typography variant="body2" color="text.secondary">
                    {`${t('preparation.chapters')}: ${q.chapters
                      .map((chapter) => `${chapter.id} ${chapter.description}`.trim())
                      .join(' · ')}`}
                  </Typography>
                )}
              </Box>
              <TextField
                select
                label={t('execution.dialog.fields.importance')}
                value={form.importance}
                onChange={(event) => set({ importance: event.target.value })}
                error={Boolean(errors.importance)}
                helperText={
                  errors.importance ??
                  (selectedType?.auditItemState === 'deactivated'
                    ? t('execution.dialog.closesAsNotApplicable')
                    : selectedType?.auditItemState === 'completed'
                      ? t('execution.dialog.closesAsCompleted')
                      : undefined)
                }
                inputRef={(element: HTMLElement | null) => {
                  fields.current.importance = element;
                }}
                slotProps={{ htmlInput: { 'data-testid': 'finding-importance' } }}
                fullWidth
              >
                {typeOptions.map((id) => (
                  <MenuItem key={id} value={id}>
                    <Box
                      component="span"
                      aria-hidden
                      sx={{
                        display: 'inline-block',
                        width: 12,
                        height: 12,
                        borderRadius: '50%',
                        mr: 1,
                        bgcolor: findingTypeColor(id, types),
                      }}
                    />
                    {findingTypeLabel(id, types, language)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                {...textProps('text', true)}
                placeholder={t('execution.dialog.textPlaceholder')}
              />
              <TextField {...textProps('reason', true)} />
              <TextField {...textProps('solution', true)} />
              <TextField {...textProps('findingperson')} />
              <TextField {...textProps('riskassessment', true)} />
              {customFields.map(customField)}
              <Box component="section" aria-label={t('execution.dialog.position')}>
                <Typography variant="subtitle2" component="h3" gutterBottom>
                  {t('execution.dialog.position')}
                </Typography>
                {position ? (
                  <Stack
                    direction="row"
                    spacing={1}
                    useFlexGap
                    sx={{ flexWrap: 'wrap', alignItems: 'center' }}
                  >
                    <Typography data-testid="finding-position">
                      {t('execution.dialog.positionValue', {
                        coordinates: formatCoordinates(position),
                        accuracy:
                          position.accuracy === undefined
                            ? '–'
                            : new Intl.NumberFormat(language, {
                                maximumFractionDigits: 0,
                              }).format(position.accuracy),
                      })}
                      {position.at
                        ? ` · ${formatDate(position.at, language, { dateStyle: 'medium', timeStyle: 'short' })}`
                        : ''}
                    </Typography>
                    <Link href={mapLink(position)} target="_blank" rel="noopener noreferrer">
                      {t('execution.dialog.openMap')}
                    </Link>
                    <Button
                      startIcon={<LocationOffIcon />}
                      onClick={() => set({ geolocation: null })}
                      data-testid="finding-position-remove"
                    >
                      {t('execution.dialog.removePosition')}
                    </Button>
                  </Stack>
                ) : (
                  <Button
                    variant="outlined"
                    startIcon={
                      locating ? <CircularProgress size={18} aria-hidden /> : <MyLocationIcon />
                    }
                    disabled={locating}
                    onClick={() => void locate()}
                    data-testid="finding-position-record"
                  >
                    {locating
                      ? t('execution.dialog.locating')
                      : t('execution.dialog.recordPosition')}
                  </Button>
                )}
                {positionError && (
                  <Alert severity="warning" sx={{ mt: 1 }} data-testid="finding-position-error">
                    {t(POSITION_FAILURES[positionError])}
                  </Alert>
                )}
              </Box>
              {media && finding && (
                <FindingMediaSection
                  // The row is live: a photo attached or deleted here shows at once.
                  media={(row.findings.find((entry) => entry.id === finding.id) ?? finding).media}
                  // The camera leaves the page: offered while the dialog holds no unsaved edit.
                  actions={
                    JSON.stringify(form) === JSON.stringify(findingFormOf(finding))
                      ? media
                      : { ...media, onCamera: undefined }
                  }
                />
              )}
              {generalError && (
                <Alert severity="error" data-testid="finding-error">
                  {generalError}
                </Alert>
              )}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>
              {readOnly ? t('execution.dialog.close') : t('execution.dialog.cancel')}
            </Button>
            {!readOnly && (
              <Button type="submit" variant="contained" disabled={busy} data-testid="finding-save">
                {t('execution.dialog.save')}
              </Button>
            )}
          </DialogActions>
        </form>
      </Dialog>
      {confirming && (
        <DiscardFindingsDialog
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            const args = { ...confirming, confirmDiscard: true };
            setConfirming(null);
            void save(args);
          }}
        />
      )}
    </>
  );
}
