import LockIcon from '@mui/icons-material/Lock';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Checkbox from '@mui/material/Checkbox';
import DialogContentText from '@mui/material/DialogContentText';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import {
  AUDIT_ITEMS_COLLECTION,
  AUDITS_COLLECTION,
  CALC_SCHEMA_VDA63,
  VDA_QUESTION_CATEGORIES,
  STANDARDS_COLLECTION,
  VDA63_2016,
  AUDIT_TEAM_CHANGE_ACTION,
  auditPermissionContext,
  auditShowsProcessField,
  auditShowsSupplierFields,
  can,
  AUDIT_STATUS_NUMBERING,
  changeAuditStatusCommand,
  createAuditCommand,
  importAuditItemsCommand,
  planningYearRange,
  protectAuditCommand,
  toJsonValue,
  unprotectAuditCommand,
  updateAuditCommand,
  type DomainMessage,
  type PermissionAction,
} from '@qa/domain';
import { getOwn, jsonEquals, type JsonObject, type JsonValue } from '@qa/sync';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/date/date-field';
import { ListTextField } from '../../components/form/list-text-field';
import { ConfirmDeleteDialog } from '../../components/dialog/confirm-delete-dialog';
import { useCustomerLists } from '../../lib/config/customer-lists';
import { useConfigSegment } from '../../lib/config/use-config-segment';
import { useSnackbar } from '../../components/snackbar/snackbar-provider';
import { useDomainMessage } from '../../lib/i18n/domain-message';
import { useLanguage } from '../../lib/i18n/use-language';
import { preferredPlanningYear } from '../../lib/session/person-preferences';
import { usePerson } from '../../lib/session/session-provider';
import { randomId } from '../../lib/sync/random-id';
import { useCommand } from '../../lib/sync/use-command';
import { useDocument } from '../../lib/sync/use-document';
import { useQuery } from '../../lib/sync/use-query';
import { UserPicker } from '../people/user-picker';
import { useAuditDialogConfig, type AuditDialogConfig } from './audit-dialog-config';
import { AuditDiscardDialog, AuditingDatesField, ChipListField } from './audit-dialog-fields';
import { focusFirstProblem } from './audit-dialog-focus';
import {
  auditFormStatus,
  changedAuditFields,
  errorAt,
  errorsFromIssues,
  hasAuditChanges,
  localDay,
  newAuditFormValues,
  openErrors,
  planningYearOptions,
  preparedAuditValues,
  scopeModeOf,
  storedAuditFormValues,
  touchesDates,
  unplacedErrors,
  validateAuditForm,
  withPlanningYear,
  type AuditFormErrors,
  type AuditFormField,
  type AuditFormValues,
} from './audit-dialog-form';
import { AuditScopeFields } from './audit-dialog-scope';
import { workflowLabel } from './audit-workflow-labels';
import { EvaluationSchemaField, VdaSetupFields } from './vda-setup-fields';
import {
  EMPTY_VDA_SETUP,
  evaluationCounts,
  isVdaSchema,
  preparedVdaSetup,
  unnamedSteps,
  withCalcSchema,
} from './vda-setup-model';

export interface AuditDialogProps {
  open: boolean;
  /** The audit to edit; undefined creates a new one (SPEC section 9 defaults). */
  auditId?: string;
  /** Called with the audit's id when something was saved, without when nothing was. */
  onClose: (savedAuditId?: string) => void;
  /**
   * "New VDA 6.3 process audit" in one step (issue 19): a new audit preset for VDA 6.3, with the
   * process elements to audit; saving also imports their catalogue questions.
   */
  vdaPreset?: boolean;
}

/** The standard a VDA 6.3 audit is preset with, when the configuration offers it. */
const VDA_STANDARD_ID = 'vda-6-3';
/** The audit type a VDA 6.3 audit is preset with (the catalogue-based process audit). */
const VDA_AUDIT_TYPE = 'Prozessaudit';
/** The process elements P2 to P7: the catalogue's categories '2' to '7'. */
const VDA_ELEMENTS = VDA63_2016.elements.map((element) => element.category);
/** An element's name: the catalogue's category name. */
const elementName = (category: string, language: 'de' | 'en') =>
  VDA_QUESTION_CATEGORIES.find((entry) => entry.id === category)?.label[language] ?? '';

/**
 * The audit metadata dialog (SPEC sections 2 and 5, route /audit/:id/edit and the matrix):
 * name, standard, type, process, audited by, interested parties, scope, auditors, participants,
 * the person responsible for measures, planning year and dates, auditing dates, the status in
 * the audit process and protection. Which fields show follows the `audit` configuration.
 * Saving runs the commands locally and closes at once; the server confirms later (offline too).
 */
export function AuditDialog({ open, auditId, onClose, vdaPreset }: AuditDialogProps) {
  // Mounted only while open, so every opening starts from the stored audit (or the defaults).
  return open ? (
    <AuditDialogLoader
      auditId={auditId}
      onClose={onClose}
      vdaPreset={vdaPreset && auditId === undefined}
    />
  ) : (
    <></>
  );
}

function actionOf(command: { name: string; action?: PermissionAction }): PermissionAction {
  if (!command.action) throw new Error(`${command.name} has no permission action`);
  return command.action;
}

function AuditDialogLoader({ auditId, onClose, vdaPreset }: Omit<AuditDialogProps, 'open'>) {
  const { t } = useTranslation();
  const { document, loading } = useDocument(AUDITS_COLLECTION, auditId);
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const titleId = useId();

  if (auditId !== undefined && !document) {
    return (
      <Dialog open onClose={() => onClose()} aria-labelledby={titleId} fullWidth maxWidth="xs">
        <DialogTitle id={titleId}>
          {loading ? t('auditDialog.editTitle') : t('audit.notFoundTitle')}
        </DialogTitle>
        <DialogContent>
          {loading ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
              <CircularProgress aria-label={t('audit.loading')} />
            </Box>
          ) : (
            <Typography data-testid="audit-dialog-not-found">{t('audit.notFound')}</Typography>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onClose()}>{t('auditDialog.close')}</Button>
        </DialogActions>
      </Dialog>
    );
  }
  return (
    <AuditDialogForm
      auditId={auditId}
      stored={document?.data}
      onClose={onClose}
      fullScreen={fullScreen}
      titleId={titleId}
      vdaPreset={vdaPreset === true}
    />
  );
}

interface FormState {
  values: AuditFormValues;
  status: string;
  protected: boolean;
}

function initialState(
  stored: JsonObject | undefined,
  today: string,
  vdaPreset: AuditDialogConfig['audit'] | null,
  preferredYear: number | null = null,
): FormState {
  if (stored) {
    return {
      values: storedAuditFormValues(stored),
      status: auditFormStatus(stored),
      protected: getOwn(stored, 'protected') === true,
    };
  }
  const defaults = newAuditFormValues(today);
  // The person's preferred planning year (settings), its dates moved along, instead of this year.
  const values =
    preferredYear === null || preferredYear === defaults.planning_year
      ? defaults
      : withPlanningYear(defaults, preferredYear);
  // A new VDA 6.3 process audit: its standard and type if configured, the VDA schema (issue 19).
  const preset: Partial<AuditFormValues> = vdaPreset
    ? {
        standard: vdaPreset.standards.ids.includes(VDA_STANDARD_ID) ? [VDA_STANDARD_ID] : [],
        type: vdaPreset.types.some((type) => type.id === VDA_AUDIT_TYPE) ? VDA_AUDIT_TYPE : '',
        reportSchema: withCalcSchema(null, CALC_SCHEMA_VDA63, vdaPreset.report.customResult),
        vda: EMPTY_VDA_SETUP,
      }
    : {};
  return {
    values: { ...values, ...preset },
    status: auditFormStatus(undefined),
    protected: false,
  };
}

function AuditDialogForm({
  auditId,
  stored,
  onClose,
  fullScreen,
  titleId,
  vdaPreset,
}: {
  auditId: string | undefined;
  stored: JsonObject | undefined;
  onClose: (savedAuditId?: string) => void;
  fullScreen: boolean;
  titleId: string;
  vdaPreset: boolean;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const translate = useDomainMessage();
  const runCommand = useCommand();
  const { show } = useSnackbar();
  const person = usePerson();
  const config = useAuditDialogConfig();
  const standards = useQuery({ collection: STANDARDS_COLLECTION, filters: [] });
  const [today] = useState(() => localDay());
  // The form starts from the audit as it was when the dialog opened; an update sends only what
  // the user changed since, so a concurrent edit of other fields (offline, say) is kept.
  const [initial] = useState(() => {
    // A preferred year the configured span no longer offers is not preselected.
    const preferred = preferredPlanningYear(person);
    const offered =
      preferred !== null &&
      planningYearRange(config.audit.planningYears, Number(today.slice(0, 4))).includes(preferred);
    return initialState(stored, today, vdaPreset ? config.audit : null, offered ? preferred : null);
  });
  const templateConfig = useConfigSegment('template');
  const [form, setForm] = useState(initial);
  // The problems of the last save and the values they were found in.
  const [errors, setErrorState] = useState<{ found: AuditFormErrors; at: AuditFormValues }>({
    found: {},
    at: initial.values,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  // VDA 6.3 (issue 19): a schema change that waits for "evaluations no longer count", the steps
  // a refused save found without a name, the process elements a new VDA audit imports.
  const [pendingSchema, setPendingSchema] = useState<string | null>(null);
  const [unnamed, setUnnamed] = useState<string[]>([]);
  const [elements, setElements] = useState<ReadonlySet<string>>(() => new Set(VDA_ELEMENTS));
  // Counts refused saves; each one moves the focus to the first problem once it is shown.
  const [refusals, setRefusals] = useState(0);
  const contentRef = useRef<HTMLDivElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (refusals > 0) focusFirstProblem(contentRef.current, failureRef.current);
  }, [refusals]);

  const creating = auditId === undefined;
  const roles = person?.roles ?? [];
  const context = stored && person ? auditPermissionContext(stored, person.id) : undefined;
  const mayEdit = creating
    ? can(roles, actionOf(createAuditCommand))
    : can(roles, actionOf(updateAuditCommand), context);
  const mayChangeStatus = !creating && can(roles, actionOf(changeAuditStatusCommand), context);
  const mayToggleProtection =
    !creating &&
    can(roles, actionOf(initial.protected ? unprotectAuditCommand : protectAuditCommand), context);
  const readOnly = !mayEdit;
  // A co-auditor edits the audit but not who leads it or works on it (audit.changeTeam).
  const teamReadOnly = readOnly || (!creating && !can(roles, AUDIT_TEAM_CHANGE_ACTION, context));

  const { values } = form;
  const dirty = !jsonEquals(form as unknown as JsonValue, initial as unknown as JsonValue);
  const showSupplier = auditShowsSupplierFields(values, config.audit);
  const showProcess = auditShowsProcessField(values, config.audit);
  const scopeMode = scopeModeOf(initial.values.scope, config.scopes.schema);
  const chipLimit = config.app.textLimits.chip;
  const year = values.planning_year;
  const yearMin = year === null ? undefined : `${year}-01-01`;
  const yearMax = year === null ? undefined : `${year}-12-31`;

  const calcSchema = values.reportSchema?.calcSchema ?? config.audit.report.calcSchema;
  const vdaChosen = isVdaSchema(calcSchema);
  // The audit's evaluations by key: removing a step that holds some asks first.
  const itemsQuery = useMemo(
    () =>
      auditId !== undefined && vdaChosen
        ? {
            collection: AUDIT_ITEMS_COLLECTION,
            filters: [{ path: ['auditId'], op: '==' as const, value: auditId }],
          }
        : null,
    [auditId, vdaChosen],
  );
  const { documents: itemDocs } = useQuery(itemsQuery);
  const evaluations = useMemo(() => evaluationCounts(itemDocs), [itemDocs]);
  const vdaEditionRecorded = typeof (stored && getOwn(stored, 'vdaEdition')) === 'string';
  const applySchema = (next: string) =>
    setForm((current) => ({
      ...current,
      values: {
        ...current.values,
        reportSchema: withCalcSchema(
          current.values.reportSchema,
          next,
          config.audit.report.customResult,
        ),
        vda: current.values.vda ?? (isVdaSchema(next) ? EMPTY_VDA_SETUP : undefined),
      },
    }));
  const chooseSchema = (next: string) => {
    if (next === calcSchema) return;
    // Evaluations recorded under VDA 6.3 would no longer count: ask first.
    if (vdaEditionRecorded && vdaChosen && !isVdaSchema(next)) setPendingSchema(next);
    else applySchema(next);
  };

  // Re-checked on every change while problems are shown, so a corrected field loses its message.
  const shownErrors = useMemo(() => {
    if (Object.keys(errors.found).length === 0) return errors.found;
    const current = preparedAuditValues(values, config.audit);
    const before = preparedAuditValues(initial.values, config.audit);
    const found = validateAuditForm(current, {
      today,
      checkDates: creating || touchesDates(before, current),
      scopeSchema: config.scopes.schema,
      scopeMode,
    });
    const changed = (field: string) =>
      !jsonEquals(
        values[field as AuditFormField] as JsonValue,
        errors.at[field as AuditFormField] as JsonValue,
      );
    return openErrors(errors.found, found, changed);
  }, [errors, values, initial.values, config, today, creating, scopeMode]);

  // "Please correct the marked fields" has nothing left to point at once they are corrected.
  const allCorrected =
    failure === t('auditDialog.invalid') &&
    unnamed.length === 0 &&
    Object.keys(shownErrors).length === 0;

  const listOptions = useCustomerLists();
  const set = <K extends keyof AuditFormValues>(field: K, value: AuditFormValues[K]) =>
    setForm((current) => ({ ...current, values: { ...current.values, [field]: value } }));
  const setMetadata = (group: 'supplier' | 'material', key: string, value: string) =>
    setForm((current) => ({
      ...current,
      values: {
        ...current.values,
        metadata: {
          ...current.values.metadata,
          [group]: { ...current.values.metadata[group], [key]: value },
        },
      },
    }));
  const errorOf = (path: string): string | undefined => {
    const message = errorAt(shownErrors, path);
    return message ? translate(message) : undefined;
  };

  const requestClose = () => {
    if (busy) return;
    if (dirty && !readOnly) setConfirmDiscard(true);
    else onClose();
  };

  /** Shows a local refusal at its fields; false when the command was refused. */
  const accepted = (outcome: Awaited<ReturnType<typeof runCommand>>): boolean => {
    if (outcome.local.ok) return true;
    const { message, issues = [] } = outcome.local.error;
    const placed = errorsFromIssues(issues.length > 0 ? issues : [message]);
    setErrorState({ found: placed, at: values });
    const general = unplacedErrors(placed);
    setFailure(general.length > 0 ? general.map(translate).join('; ') : null);
    setRefusals((count) => count + 1);
    return false;
  };

  async function save() {
    setFailure(null);
    // VDA 6.3: every step needs a name; a new VDA audit at least one element (issue 19).
    const missingNames = vdaChosen && values.vda ? unnamedSteps(values.vda) : [];
    setUnnamed(missingNames);
    if (missingNames.length > 0 || (vdaPreset && elements.size === 0)) {
      setFailure(missingNames.length > 0 ? t('auditDialog.invalid') : t('vdaAudit.noElements'));
      setRefusals((count) => count + 1);
      return;
    }
    const withSteps = (form: AuditFormValues): AuditFormValues =>
      form.vda ? { ...form, vda: preparedVdaSetup(form.vda) } : form;
    const next = withSteps(preparedAuditValues(values, config.audit));
    const before = withSteps(preparedAuditValues(initial.values, config.audit));
    const changed = creating || hasAuditChanges(before, next);
    if (changed) {
      const found = validateAuditForm(next, {
        today,
        checkDates: creating || touchesDates(before, next),
        scopeSchema: config.scopes.schema,
        scopeMode,
      });
      setErrorState({ found, at: values });
      if (Object.keys(found).length > 0) {
        const general = unplacedErrors(found);
        setFailure(
          general.length > 0 ? general.map(translate).join('; ') : t('auditDialog.invalid'),
        );
        setRefusals((count) => count + 1);
        return;
      }
    }
    setBusy(true);
    try {
      if (creating) {
        const id = randomId();
        const outcome = await runCommand(createAuditCommand.name, toJsonValue({ id, ...next }));
        if (!accepted(outcome)) return;
        // Issue 11.9: the command's own message ("Audit … created").
        if (outcome.local.ok && outcome.local.message) {
          show({ type: 'success', message: translate(outcome.local.message) });
        }
        if (vdaPreset) await importVdaCatalogue(id, next.standard);
        onClose(id);
        return;
      }
      const id = auditId;
      // Unprotect first and protect last: the changes in between must not meet a lock.
      const steps: [string, JsonValue][] = [];
      if (initial.protected && !form.protected) {
        steps.push([unprotectAuditCommand.name, { id }]);
      }
      if (changed) {
        steps.push([
          updateAuditCommand.name,
          toJsonValue({ id, changes: changedAuditFields(before, next) }),
        ]);
      }
      if (form.status !== initial.status) {
        steps.push([
          changeAuditStatusCommand.name,
          { id, status: form.status, numbering: AUDIT_STATUS_NUMBERING },
        ]);
      }
      if (!initial.protected && form.protected) {
        steps.push([protectAuditCommand.name, { id }]);
      }
      // The message of the main change ("Audit updated successfully"), else of the last step.
      let message: DomainMessage | undefined;
      for (const [name, args] of steps) {
        const outcome = await runCommand(name, args);
        if (!accepted(outcome)) return;
        if (outcome.local.ok && outcome.local.message) {
          message =
            name === updateAuditCommand.name
              ? outcome.local.message
              : (message ?? outcome.local.message);
        }
      }
      if (message) show({ type: 'success', message: translate(message) });
      onClose(steps.length > 0 ? id : undefined);
    } catch (error) {
      console.warn('audit dialog: saving failed', error);
      setFailure(t('auditDialog.saveError'));
      setRefusals((count) => count + 1);
    } finally {
      setBusy(false);
    }
  }

  /**
   * A new VDA audit's questions: the chosen elements of the process-audit catalogue, in one
   * `auditItem.import` (queued like any command when offline). The catalogue loads only here.
   * The audit exists already, so a refusal is reported and the audit still opens.
   */
  async function importVdaCatalogue(id: string, standard: readonly string[]) {
    try {
      const { vdaCatalogueItems } = await import('./vda-audit-catalogue');
      const items = vdaCatalogueItems(language, {
        categoryIds: VDA_ELEMENTS.filter((element) => elements.has(element)),
        capabilityLimits: templateConfig.catalogue.capabilityLimits,
        standardId: standard.includes(VDA_STANDARD_ID) ? VDA_STANDARD_ID : undefined,
        newId: randomId,
      });
      const { local } = await runCommand(
        importAuditItemsCommand.name,
        toJsonValue({ auditId: id, items }),
      );
      if (!local.ok) show({ type: 'error', message: translate(local.error.message) });
      else if (local.message) show({ type: 'success', message: translate(local.message) });
    } catch (error) {
      console.warn('audit dialog: importing the VDA catalogue failed', error);
      show({ type: 'error', message: t('vdaAudit.importFailed') });
    }
  }

  const typeOptions = config.audit.types.map((type) => type.id);
  const partyOptions = config.audit.parties.map((party) => party.id);
  const optionLabel = (list: AuditDialogConfig['audit']['types'], id: string) =>
    list.find((entry) => entry.id === id)?.label[language] ?? id;
  const standardNames = useMemo(
    () =>
      new Map(
        standards.documents.map((doc) => {
          const name = getOwn(doc.data, 'name');
          return [doc.id, typeof name === 'string' && name ? name : doc.id];
        }),
      ),
    [standards.documents],
  );
  const years = planningYearOptions(
    planningYearRange(config.audit.planningYears, Number(today.slice(0, 4))),
    initial.values.planning_year,
  );
  const statusOptions = config.workflow.statuses;
  const statusText = (id: string) => {
    const status = statusOptions.find((entry) => entry.id === id);
    return status ? workflowLabel(status.id, status.description, language) : id;
  };

  const text = (
    field: 'name' | 'audit_reason',
    label: string,
    extra: { required?: boolean; autoFocus?: boolean; multiline?: boolean } = {},
  ) => (
    <TextField
      label={label}
      value={values[field]}
      onChange={(event) => set(field, event.target.value)}
      disabled={readOnly}
      error={Boolean(errorOf(field))}
      helperText={errorOf(field)}
      fullWidth
      margin="dense"
      {...extra}
      minRows={extra.multiline ? 2 : undefined}
      slotProps={{ htmlInput: { 'data-testid': `audit-dialog-${field}` } }}
    />
  );
  const nullableText = (
    field: 'responsible_tech' | 'responsible_sales' | 'responsible_qm',
    label: string,
  ) => (
    <TextField
      label={label}
      value={values[field] ?? ''}
      onChange={(event) => set(field, event.target.value === '' ? null : event.target.value)}
      disabled={readOnly}
      error={Boolean(errorOf(field))}
      helperText={errorOf(field)}
      fullWidth
      margin="dense"
      slotProps={{ htmlInput: { 'data-testid': `audit-dialog-${field}` } }}
    />
  );
  // Issue 11.9: a customer list named like the field (e.g. "suppliername", or "supplier" for
  // the supplier's name and "material" for the material number) is offered while typing.
  const metadataText = (group: 'supplier' | 'material', key: string, label: string) => (
    <ListTextField
      label={label}
      value={(values.metadata[group] as Record<string, string>)[key] ?? ''}
      onChange={(next) => setMetadata(group, key, next)}
      options={listOptions(
        `${group}_${key}`,
        ...((group === 'supplier' && key === 'name') || (group === 'material' && key === 'id')
          ? [group]
          : []),
      )}
      disabled={readOnly}
      error={Boolean(errorOf(`metadata.${group}.${key}`))}
      helperText={errorOf(`metadata.${group}.${key}`)}
      fullWidth
      margin="dense"
      slotProps={{ htmlInput: { 'data-testid': `audit-dialog-${group}-${key}` } }}
    />
  );
  const select = (
    field: 'type' | 'audited_by',
    label: string,
    options: string[],
    labelOf: (id: string) => string,
  ) => (
    <TextField
      select
      label={label}
      value={values[field]}
      onChange={(event) => set(field, event.target.value)}
      disabled={readOnly}
      error={Boolean(errorOf(field))}
      helperText={errorOf(field)}
      fullWidth
      margin="dense"
      slotProps={{ htmlInput: { 'data-testid': `audit-dialog-${field}` } }}
    >
      <MenuItem value="">
        <em>{t('auditDialog.none')}</em>
      </MenuItem>
      {[
        ...options,
        ...(values[field] && !options.includes(values[field]) ? [values[field]] : []),
      ].map((id) => (
        <MenuItem key={id} value={id}>
          {labelOf(id)}
        </MenuItem>
      ))}
    </TextField>
  );
  const people = (
    field: 'leadauditor' | 'responsible',
    label: string,
    options: { auditorsOnly?: boolean; required?: boolean },
  ) => (
    <UserPicker
      label={label}
      value={values[field] ? [values[field]] : []}
      onChange={(ids) => set(field, ids[0] ?? null)}
      allowCreate
      disabled={field === 'leadauditor' ? teamReadOnly : readOnly}
      error={errorOf(field)}
      testId={`audit-dialog-${field}`}
      {...options}
    />
  );
  const peopleList = (
    field: 'coauditors' | 'audit_participants',
    label: string,
    auditorsOnly: boolean,
  ) => (
    <UserPicker
      label={label}
      value={values[field]}
      onChange={(ids) => set(field, ids)}
      multiple
      auditorsOnly={auditorsOnly}
      allowCreate
      disabled={field === 'coauditors' ? teamReadOnly : readOnly}
      error={errorOf(field)}
      testId={`audit-dialog-${field}`}
    />
  );

  return (
    <Dialog
      open
      onClose={requestClose}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
      aria-labelledby={titleId}
      data-testid="audit-dialog"
    >
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        {initial.protected && (
          <LockIcon titleAccess={t('audit.protected')} data-testid="audit-dialog-lock" />
        )}
        {vdaPreset
          ? t('vdaAudit.title')
          : creating
            ? t('auditDialog.createTitle')
            : t('auditDialog.editTitle')}
      </DialogTitle>
      <DialogContent dividers ref={contentRef}>
        {(initial.protected || readOnly) && (
          <Alert
            severity={readOnly ? 'info' : 'warning'}
            icon={initial.protected ? <LockIcon fontSize="inherit" /> : undefined}
            sx={{ mb: 1 }}
            data-testid="audit-dialog-access"
          >
            {accessText(t, { creating, protectedAudit: initial.protected, readOnly })}
          </Alert>
        )}

        <Section title={t('auditDialog.sectionGeneral')}>
          {text('name', t('auditDialog.name'), { required: true, autoFocus: !readOnly })}
          <ChipListField
            label={t('auditDialog.standard')}
            value={values.standard}
            onChange={(next) => set('standard', next)}
            options={[...standardNames.keys()]}
            labelOf={(id) => standardNames.get(id) ?? id}
            disabled={readOnly}
            error={errorOf('standard')}
            chipLimit={chipLimit}
            testId="audit-dialog-standard"
          />
          <Row>
            {select('type', t('auditDialog.type'), typeOptions, (id) =>
              optionLabel(config.audit.types, id),
            )}
            {select('audited_by', t('auditDialog.auditedBy'), partyOptions, (id) =>
              optionLabel(config.audit.parties, id),
            )}
          </Row>
          <EvaluationSchemaField
            value={calcSchema}
            onChange={chooseSchema}
            disabled={readOnly}
            testId="audit-dialog-calcSchema"
          />
          {vdaChosen && (
            <VdaSetupFields
              value={values.vda ?? EMPTY_VDA_SETUP}
              onChange={(vda) => set('vda', vda)}
              newId={randomId}
              disabled={readOnly}
              evaluations={evaluations}
              unnamed={unnamed}
              testId="audit-dialog-vda"
            />
          )}
          {vdaPreset && (
            <Box
              component="fieldset"
              sx={{ border: 0, p: 0, m: 0, mt: 1, minWidth: 0 }}
              data-testid="audit-dialog-vda-elements"
            >
              <Typography component="legend" variant="body2" color="text.secondary">
                {t('vdaAudit.elements')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('vdaAudit.elementsHint')}
              </Typography>
              <FormGroup>
                {VDA63_2016.elements.map((element) => (
                  <FormControlLabel
                    key={element.id}
                    control={
                      <Checkbox
                        checked={elements.has(element.category)}
                        onChange={(event) =>
                          setElements((current) => {
                            const chosen = new Set(current);
                            if (event.target.checked) chosen.add(element.category);
                            else chosen.delete(element.category);
                            return chosen;
                          })
                        }
                        slotProps={{
                          input: {
                            'data-testid': `audit-dialog-vda-element-${element.id}`,
                          } as object,
                        }}
                      />
                    }
                    label={t('vdaAudit.element', {
                      id: element.id,
                      name: elementName(element.category, language),
                    })}
                  />
                ))}
              </FormGroup>
            </Box>
          )}
          {showProcess && (
            <ChipListField
              label={t('auditDialog.process')}
              value={values.process}
              onChange={(next) => set('process', next)}
              options={listOptions('process')}
              freeSolo
              disabled={readOnly}
              error={errorOf('process')}
              helperText={t('auditDialog.freeEntryHint')}
              chipLimit={chipLimit}
              testId="audit-dialog-process"
            />
          )}
          <ChipListField
            label={t('auditDialog.interestedParties')}
            value={values.interestedparties}
            onChange={(next) => set('interestedparties', next)}
            options={partyOptions}
            labelOf={(id) => optionLabel(config.audit.parties, id)}
            freeSolo
            disabled={readOnly}
            error={errorOf('interestedparties')}
            chipLimit={chipLimit}
            testId="audit-dialog-interestedparties"
          />
          <AuditScopeFields
            value={values.scope}
            onChange={(scope) => set('scope', scope)}
            config={config.scopes}
            mode={scopeMode}
            language={language}
            disabled={readOnly}
            errorOf={errorOf}
            listOptions={listOptions}
          />
        </Section>

        {showSupplier && (
          <Section title={t('auditDialog.sectionSupplier')} testId="audit-dialog-supplier">
            <Row>
              {metadataText('supplier', 'name', t('auditDialog.supplierName'))}
              {metadataText('supplier', 'location', t('auditDialog.supplierLocation'))}
              {metadataText('supplier', 'no', t('auditDialog.supplierNo'))}
            </Row>
            <Row>
              {metadataText('material', 'group', t('auditDialog.materialGroup'))}
              {metadataText('material', 'id', t('auditDialog.materialId'))}
            </Row>
            {text('audit_reason', t('auditDialog.reason'), { multiline: true })}
            <Row>
              {nullableText('responsible_tech', t('auditDialog.responsibleTech'))}
              {nullableText('responsible_sales', t('auditDialog.responsibleSales'))}
              {nullableText('responsible_qm', t('auditDialog.responsibleQm'))}
            </Row>
          </Section>
        )}

        <Section title={t('auditDialog.sectionTeam')}>
          <Row>
            {people('leadauditor', t('auditDialog.leadAuditor'), {
              auditorsOnly: true,
              required: true,
            })}
            {peopleList('coauditors', t('auditDialog.coAuditors'), true)}
          </Row>
          <Row>
            {peopleList('audit_participants', t('auditDialog.participants'), false)}
            {people('responsible', t('auditDialog.responsible'), {})}
          </Row>
        </Section>

        <Section title={t('auditDialog.sectionPlanning')}>
          <Row>
            <TextField
              select
              label={t('auditDialog.planningYear')}
              required
              value={year === null ? '' : String(year)}
              onChange={(event) => {
                const next = event.target.value === '' ? null : Number(event.target.value);
                setForm((current) => ({
                  ...current,
                  values: withPlanningYear(current.values, next),
                }));
              }}
              disabled={readOnly}
              error={Boolean(errorOf('planning_year'))}
              helperText={errorOf('planning_year')}
              fullWidth
              margin="dense"
              slotProps={{ htmlInput: { 'data-testid': 'audit-dialog-planning_year' } }}
            >
              {years.map((option) => (
                <MenuItem key={option} value={String(option)}>
                  {option}
                </MenuItem>
              ))}
            </TextField>
            <DateField
              label={t('auditDialog.planningDate')}
              value={values.planning_date}
              onChange={(next) => set('planning_date', next)}
              min={yearMin}
              max={yearMax}
              disabled={readOnly}
              error={errorOf('planning_date')}
              helperText={t('auditDialog.dateInYearHint')}
              testId="audit-dialog-planning_date"
            />
          </Row>
          <AuditingDatesField
            value={values.auditing_date}
            onChange={(next) => set('auditing_date', next)}
            min={yearMin}
            max={yearMax}
            nextDate={
              values.planning_date ??
              (year === null || today.startsWith(`${year}-`) ? today : `${year}-01-01`)
            }
            disabled={readOnly}
            errorOf={(index) => errorOf(`auditing_date.${index}`)}
          />
        </Section>

        <Section title={t('auditDialog.sectionStatus')}>
          <Row>
            <TextField
              select={mayChangeStatus && statusOptions.length > 0}
              label={t('auditDialog.status')}
              value={
                mayChangeStatus && statusOptions.length > 0 ? form.status : statusText(form.status)
              }
              onChange={(event) =>
                setForm((current) => ({ ...current, status: event.target.value }))
              }
              disabled={!mayChangeStatus}
              helperText={creating ? t('auditDialog.statusNewHint') : undefined}
              fullWidth
              margin="dense"
              slotProps={{
                htmlInput: { 'data-testid': 'audit-dialog-status', readOnly: !mayChangeStatus },
              }}
            >
              {statusOptions.map((status) => (
                <MenuItem key={status.id} value={status.id}>
                  {statusText(status.id)}
                </MenuItem>
              ))}
            </TextField>
            {mayToggleProtection ? (
              <FormControlLabel
                sx={{ mt: 1 }}
                control={
                  <Switch
                    checked={form.protected}
                    onChange={(event) =>
                      setForm((current) => ({ ...current, protected: event.target.checked }))
                    }
                    slotProps={{ input: { 'data-testid': 'audit-dialog-protected' } as object }}
                  />
                }
                label={t('auditDialog.protect')}
              />
            ) : (
              <Box sx={{ flex: 1 }} />
            )}
          </Row>
        </Section>

        {failure && !allCorrected && (
          <Alert
            ref={failureRef}
            severity="error"
            // Focused after a refusal that names no field: the theme's ring shows where.
            sx={(theme) => ({ mt: 2, '&:focus-visible': theme.focusVisible || undefined })}
            data-testid="audit-dialog-error"
          >
            {failure}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={requestClose} disabled={busy} data-testid="audit-dialog-cancel">
          {readOnly ? t('auditDialog.close') : t('auditDialog.cancel')}
        </Button>
        {!readOnly && (
          <Button
            variant="contained"
            onClick={() => void save()}
            disabled={busy}
            data-testid="audit-dialog-save"
          >
            {t('auditDialog.save')}
          </Button>
        )}
      </DialogActions>
      <ConfirmDeleteDialog
        open={pendingSchema !== null}
        onClose={() => setPendingSchema(null)}
        onConfirm={() => {
          if (pendingSchema !== null) applySchema(pendingSchema);
          setPendingSchema(null);
        }}
        title={t('vdaSetup.schema.leaveTitle')}
        cancelLabel={t('vdaSetup.schema.leaveKeep')}
        confirmLabel={t('vdaSetup.schema.leaveConfirm')}
        confirmTestId="audit-dialog-schema-confirm"
      >
        <DialogContentText>{t('vdaSetup.schema.leaveText')}</DialogContentText>
      </ConfirmDeleteDialog>
      <AuditDiscardDialog
        open={confirmDiscard}
        onKeep={() => setConfirmDiscard(false)}
        onDiscard={() => {
          setConfirmDiscard(false);
          onClose();
        }}
      />
    </Dialog>
  );
}

function accessText(
  t: (key: string) => string,
  state: { creating: boolean; protectedAudit: boolean; readOnly: boolean },
): string {
  if (state.creating) return t('auditDialog.mayNotCreate');
  if (state.protectedAudit) {
    return state.readOnly ? t('auditDialog.protectedReadOnly') : t('auditDialog.protectedEditable');
  }
  return t('auditDialog.readOnly');
}

function Section({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Box component="section" sx={{ mt: 2 }} data-testid={testId}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 500 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** Fields side by side from the small breakpoint on, stacked on phones. */
function Row({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: { sm: 2 } }}>
      {children}
    </Box>
  );
}
