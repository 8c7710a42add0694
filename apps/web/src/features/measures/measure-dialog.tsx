import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  AUDITS_COLLECTION,
  auditPermissionContext,
  can,
  finalWorkflowStatus,
  MEASURE_TEXT_MAX_LENGTH,
  measureCheckStatus,
  resolveWorkflowStatus,
  type DomainMessage,
  type PermissionAction,
  type PermissionContext,
} from '@qa/domain';
import type { JsonValue } from '@qa/sync';
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/date/date-field';
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
import { FavoriteButton } from '../favorites/favorite-button';
import { personLabel, usePeople } from '../people/use-people';
import { measureCheckerText } from './measure-checker-text';
import { UserPicker } from '../people/user-picker';
import { MeasureDeleteDialog } from './measure-delete-dialog';
import { measureStatusLabel, measureTypeLabel, type MeasureView } from './measure-model';
import { useMeasureWorkflow } from './use-measures';

/** Where a new measure comes from: a finding of an audit, an audit's action list, or nowhere. */
export interface MeasureLinks {
  auditId: string;
  itemId?: string;
  findingId?: string;
  /** What the dialog shows of the finding it answers. */
  findingText?: string;
}

export interface MeasureDialogProps {
  /** The measure to edit; undefined creates one (with `links`). */
  measure?: MeasureView;
  links?: MeasureLinks;
  onClose: () => void;
}

type Field =
  'text' | 'description' | 'measuretype' | 'cause_analysis' | 'priority' | 'dueDate' | 'assignedTo';
const FIELDS: readonly Field[] = [
  'text',
  'description',
  'measuretype',
  'cause_analysis',
  'priority',
  'dueDate',
  'assignedTo',
];

interface Form {
  text: string;
  description: string;
  measuretype: string;
  cause_analysis: string;
  priority: string;
  dueDate: string | null;
  assignedTo: string[];
}

function formOf(measure: MeasureView | undefined): Form {
  return {
    text: measure?.text ?? '',
    description: measure?.description ?? '',
    measuretype: measure?.measuretype ?? '',
    cause_analysis: measure?.cause_analysis ?? '',
    priority: measure?.priority ?? '',
    dueDate: measure?.dueDate ?? null,
    assignedTo: measure?.assignedTo ?? [],
  };
}

/** The command fields of the form ('' of a select = none). */
function fieldsOf(form: Form): Record<string, JsonValue> {
  return {
    text: form.text,
    description: form.description,
    measuretype: form.measuretype === '' ? null : form.measuretype,
    cause_analysis: form.cause_analysis,
    priority: form.priority === '' ? null : form.priority,
    dueDate: form.dueDate,
  };
}

function fieldOf(issue: DomainMessage): Field | null {
  if (issue.key === 'measure.unknownType') return 'measuretype';
  if (issue.key === 'measure.unknownPriority') return 'priority';
  if (issue.key === 'measure.unknownPerson' || issue.key === 'permission.measureAssign')
    return 'assignedTo';
  const path = issue.params?.field;
  const field = typeof path === 'string' ? path.split('.')[0] : undefined;
  return FIELDS.find((entry) => entry === field) ?? null;
}

/**
 * The measure dialog (issue 12): create a measure from a finding, on an audit's action list or
 * on its own, or edit one: text (required, at most 140 characters), description, type, cause
 * analysis, priority, due date and assignees; the status with the next step of the configured
 * workflow, the effectiveness check (qm) and its history, and delete after asking. What a person
 * may not change is shown read only. Every change is a command: it shows at once and reaches the
 * server when there is a connection.
 */
export function MeasureDialog({ measure, links, onClose }: MeasureDialogProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const translate = useDomainMessage();
  const runCommand = useCommand();
  const { show } = useSnackbar();
  const person = usePerson();
  const roles = person?.roles ?? [];
  const titleId = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const config = useConfigSegment('measure');
  const workflow = useMeasureWorkflow();
  const { byId } = usePeople();
  const auditId = measure ? measure.audit_id : (links?.auditId ?? null);
  const auditResult = useDocument(AUDITS_COLLECTION, auditId ?? undefined);
  const audit = auditResult.document;
  // The measure's audit was deleted: its measures live on (SPEC: "Audit not present anymore").
  const auditGone =
    measure?.auditRef?.gone === true ||
    (auditId !== null && !auditResult.loading && audit === undefined);
  const [form, setForm] = useState<Form>(() => formOf(measure));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [generalError, setGeneralError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [checkComment, setCheckComment] = useState('');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const inputs = useRef<Partial<Record<Field, HTMLElement | null>>>({});
  const newId = useMemo(() => randomId(), []);

  const context: PermissionContext = useMemo(() => {
    const userId = person?.id ?? '';
    const team = audit
      ? { ...auditPermissionContext(audit.data, userId), protected: false }
      : { userId, leadauditor: measure ? null : userId };
    return { ...team, assignedTo: measure?.assignedTo ?? [] };
  }, [audit, person?.id, measure]);
  const may = (action: PermissionAction) => can(roles, action, context);
  const mayEdit = measure ? may('measure.update') : may('measure.create');
  const mayAssign = can(roles, 'measure.assign', { userId: person?.id ?? '' });
  const mayVerify = may('measure.verify');
  const mayDelete = measure !== undefined && may('measure.delete');

  // A field's error goes as soon as it is edited: the counter under the text comes back.
  const set = (patch: Partial<Form>) => {
    setForm((current) => ({ ...current, ...patch }));
    setErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([field]) => !(field in patch))),
    );
  };
  /** What every text and select field of the form shares: value, change, error, focus, lock. */
  const fieldProps = (
    field: Exclude<Field, 'dueDate' | 'assignedTo'>,
    label: string,
    testId: string,
  ) => ({
    label,
    value: form[field],
    onChange: (event: { target: { value: string } }) => set({ [field]: event.target.value }),
    error: Boolean(errors[field]),
    helperText: errors[field],
    inputRef: (element: HTMLElement | null) => {
      inputs.current[field] = element;
    },
    disabled: !mayEdit,
    fullWidth: true,
    slotProps: { htmlInput: { 'data-testid': testId } },
  });

  function refused(message: DomainMessage, issues?: readonly DomainMessage[]) {
    const placed = placeIssues(message, issues, fieldOf, translate);
    setErrors(placed.fields);
    setGeneralError(
      placed.general ??
        (Object.keys(placed.fields).length > 0 ? t('measures.dialog.invalid') : null),
    );
    const first = FIELDS.find((field) => placed.fields[field]);
    if (first) inputs.current[first]?.focus();
  }

  /** Runs one command; answers whether it went through on this device. */
  async function run(name: string, args: JsonValue): Promise<boolean> {
    const { local } = await runCommand(name, args);
    if (!local.ok) {
      refused(local.error.message, local.error.issues);
      return false;
    }
    if (local.message) show({ type: 'success', message: translate(local.message) });
    return true;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!mayEdit || busy) return;
    if (form.text.trim() === '') {
      refused({ key: 'validation.required', params: { field: 'text' } });
      return;
    }
    setBusy(true);
    setErrors({});
    setGeneralError(null);
    try {
      if (!measure) {
        const ok = await run('measure.create', {
          id: newId,
          ...fieldsOf(form),
          assignedTo: mayAssign ? form.assignedTo : [],
          audit_id: links?.auditId ?? null,
          audititem_id: links?.itemId ?? null,
          deviation_id: links?.findingId ?? null,
        });
        if (ok) onClose();
        return;
      }
      const before = fieldsOf(formOf(measure));
      const after = fieldsOf(form);
      const changes = Object.fromEntries(
        Object.entries(after).filter(([key, value]) => value !== before[key]),
      );
      const reassigned =
        mayAssign && [...form.assignedTo].sort().join() !== [...measure.assignedTo].sort().join();
      if (Object.keys(changes).length === 0 && !reassigned) {
        show({ type: 'info', message: translate({ key: 'command.noChanges' }) });
        onClose();
        return;
      }
      const target = { id: measure.id, auditId: measure.audit_id };
      if (Object.keys(changes).length > 0) {
        if (!(await run('measure.update', { ...target, changes }))) return;
      }
      if (reassigned && !(await run('measure.assign', { ...target, assignedTo: form.assignedTo })))
        return;
      onClose();
    } catch {
      setGeneralError(t('measures.dialog.saveFailed'));
    } finally {
      setBusy(false);
    }
  }

  async function step(args: JsonValue, name: string) {
    setBusy(true);
    try {
      if (await run(name, args)) onClose();
    } catch {
      setGeneralError(t('measures.dialog.saveFailed'));
    } finally {
      setBusy(false);
    }
  }

  const status = measure ? resolveWorkflowStatus(workflow, measure.status, 'measure').status : null;
  const final = finalWorkflowStatus(workflow);
  const nextSteps =
    measure && status
      ? workflow.transitions.filter(
          (transition) => transition.from === status.id && transition.to !== final?.id,
        )
      : [];
  const inCheck = measure !== undefined && status?.id === measureCheckStatus(workflow);
  const typeLabel = (id: string) => measureTypeLabel(config.types, id, language);

  return (
    <>
      <Dialog
        open
        onClose={onClose}
        fullWidth
        maxWidth="md"
        fullScreen={fullScreen}
        aria-labelledby={titleId}
      >
        <form noValidate onSubmit={(event) => void submit(event)} data-testid="measure-dialog">
          <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Box component="span" sx={{ flex: 1 }}>
              {measure ? t('measures.dialog.editTitle') : t('measures.dialog.createTitle')}
            </Box>
            {measure && <FavoriteButton kind="measures" id={measure.id} name={measure.text} />}
          </DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              {(links?.findingText || measure?.auditRef || auditId) && (
                <Box
                  component="section"
                  aria-label={t('measures.dialog.origin')}
                  sx={{ bgcolor: 'grey.100', borderRadius: 1, p: 1.5 }}
                  data-testid="measure-origin"
                >
                  <Typography variant="body2" data-testid="measure-audit">
                    {`${t('measures.fields.audit')}: ${[
                      (audit ? String(audit.data.name ?? '') : '') || measure?.auditRef?.name,
                      auditGone && translate({ key: 'measure.auditMissing' }),
                    ]
                      .filter(Boolean)
                      .join(' – ')}`}
                  </Typography>
                  {links?.findingText && (
                    <Typography
                      variant="body2"
                      color="text.secondary"
                      sx={{ overflowWrap: 'anywhere' }}
                    >
                      {`${t('measures.dialog.finding')}: ${links.findingText}`}
                    </Typography>
                  )}
                </Box>
              )}
              <TextField
                {...fieldProps('text', t('measures.fields.text'), 'measure-text')}
                required
                multiline
                error={Boolean(errors.text) || form.text.length > MEASURE_TEXT_MAX_LENGTH}
                helperText={
                  errors.text ??
                  t('measures.dialog.textCount', {
                    count: form.text.length,
                    max: MEASURE_TEXT_MAX_LENGTH,
                  })
                }
              />
              <TextField
                {...fieldProps(
                  'description',
                  t('measures.fields.description'),
                  'measure-description',
                )}
                multiline
                minRows={2}
              />
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  select
                  {...fieldProps('measuretype', t('measures.fields.measuretype'), 'measure-type')}
                >
                  <MenuItem value="">{t('measures.dialog.none')}</MenuItem>
                  {config.types.map((type) => (
                    <MenuItem key={type.id} value={type.id}>
                      {typeLabel(type.id)}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  select
                  {...fieldProps('priority', t('measures.fields.priority'), 'measure-priority')}
                >
                  <MenuItem value="">{t('measures.dialog.none')}</MenuItem>
                  {config.priorities.map((priority) => (
                    <MenuItem key={priority.id} value={priority.id}>
                      {priority.label[language]}
                    </MenuItem>
                  ))}
                </TextField>
                <DateField
                  label={t('measures.fields.dueDate')}
                  value={form.dueDate}
                  onChange={(dueDate) => set({ dueDate })}
                  error={errors.dueDate}
                  disabled={!mayEdit}
                  testId="measure-due"
                />
              </Stack>
              <TextField
                {...fieldProps(
                  'cause_analysis',
                  t('measures.fields.causeAnalysis'),
                  'measure-cause',
                )}
                multiline
                minRows={2}
              />
              <UserPicker
                label={t('measures.fields.assignedTo')}
                value={form.assignedTo}
                onChange={(assignedTo) => set({ assignedTo })}
                multiple
                error={errors.assignedTo}
                disabled={!mayAssign}
                testId="measure-assignees"
              />
              {measure && (
                <Box component="section" aria-labelledby={`${titleId}-status`}>
                  <Divider sx={{ mb: 2 }} />
                  <Typography variant="subtitle1" component="h3" id={`${titleId}-status`}>
                    {t('measures.fields.status')}
                  </Typography>
                  <Stack
                    direction="row"
                    spacing={1}
                    useFlexGap
                    sx={{ flexWrap: 'wrap', alignItems: 'center', mt: 1 }}
                  >
                    <Chip
                      label={measureStatusLabel(workflow, measure.status, language)}
                      color={status?.id === final?.id ? 'success' : 'default'}
                      data-testid="measure-status"
                    />
                    {inCheck && (
                      <Typography variant="body2" data-testid="measure-checker">
                        {measureCheckerText(measure, byId, t)}
                      </Typography>
                    )}
                    {may('measure.update') &&
                      nextSteps.map((transition) => (
                        <Button
                          key={`${transition.from}>${transition.to}`}
                          variant="outlined"
                          disabled={busy}
                          onClick={() =>
                            void step(
                              { id: measure.id, auditId: measure.audit_id, to: transition.to },
                              'measure.changeStatus',
                            )
                          }
                          data-testid={`measure-step-${transition.to}`}
                        >
                          {t('measures.dialog.moveTo', {
                            status: measureStatusLabel(workflow, transition.to, language),
                          })}
                        </Button>
                      ))}
                  </Stack>
                  {inCheck && mayVerify && (
                    <Stack spacing={1} sx={{ mt: 2 }} data-testid="measure-check">
                      <Typography variant="body2">{t('measures.dialog.checkHint')}</Typography>
                      <TextField
                        label={t('measures.dialog.checkComment')}
                        value={checkComment}
                        onChange={(event) => setCheckComment(event.target.value)}
                        fullWidth
                        multiline
                        slotProps={{ htmlInput: { 'data-testid': 'measure-check-comment' } }}
                      />
                      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                        <Button
                          variant="contained"
                          color="success"
                          disabled={busy}
                          onClick={() =>
                            void step(
                              {
                                id: measure.id,
                                auditId: measure.audit_id,
                                effective: true,
                                comment: checkComment,
                              },
                              'measure.checkEffectiveness',
                            )
                          }
                          data-testid="measure-check-effective"
                        >
                          {t('measures.dialog.effective')}
                        </Button>
                        <Button
                          variant="outlined"
                          color="warning"
                          disabled={busy}
                          onClick={() =>
                            void step(
                              {
                                id: measure.id,
                                auditId: measure.audit_id,
                                effective: false,
                                comment: checkComment,
                              },
                              'measure.checkEffectiveness',
                            )
                          }
                          data-testid="measure-check-not-effective"
                        >
                          {t('measures.dialog.notEffective')}
                        </Button>
                      </Stack>
                    </Stack>
                  )}
                  {measure.effectivenessChecks.length > 0 && (
                    <Box component="ul" sx={{ pl: 2, mt: 2, mb: 0 }} data-testid="measure-checks">
                      {measure.effectivenessChecks.map((check, index) => (
                        <li key={`${check.at}-${index}`}>
                          <Typography variant="body2">
                            {t(
                              check.effective
                                ? 'measures.dialog.checkedEffective'
                                : 'measures.dialog.checkedNotEffective',
                              {
                                who: personLabel(byId, check.by, t),
                                when: formatDate(check.at, language, {
                                  dateStyle: 'medium',
                                  timeStyle: 'short',
                                }),
                              },
                            )}
                            {check.comment ? ` – ${check.comment}` : ''}
                          </Typography>
                        </li>
                      ))}
                    </Box>
                  )}
                  <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 2 }}>
                    {t('measures.dialog.createdBy', {
                      who: personLabel(byId, measure.autor, t),
                      when: formatDate(measure.createdDate, language),
                    })}
                    {measure.measuretype ? ` · ${typeLabel(measure.measuretype)}` : ''}
                  </Typography>
                </Box>
              )}
              {generalError && (
                <Alert severity="error" data-testid="measure-error">
                  {generalError}
                </Alert>
              )}
            </Stack>
          </DialogContent>
          <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
            {mayDelete && (
              <Button
                color="error"
                onClick={() => setConfirmDelete(true)}
                sx={{ mr: 'auto' }}
                data-testid="measure-delete"
              >
                {t('measures.dialog.delete')}
              </Button>
            )}
            <Button onClick={onClose}>
              {mayEdit ? t('measures.dialog.cancel') : t('measures.dialog.close')}
            </Button>
            {mayEdit && (
              <Button type="submit" variant="contained" disabled={busy} data-testid="measure-save">
                {t('measures.dialog.save')}
              </Button>
            )}
          </DialogActions>
        </form>
      </Dialog>
      {confirmDelete && measure && (
        <MeasureDeleteDialog
          measure={measure}
          onClose={() => setConfirmDelete(false)}
          onDeleted={onClose}
        />
      )}
    </>
  );
}
