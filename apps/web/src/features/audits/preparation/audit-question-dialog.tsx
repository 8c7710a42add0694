import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  createAuditItemCommand,
  createTemplateItemCommand,
  formatCalendarDay,
  updateAuditItemCommand,
  updateTemplateItemCommand,
  VDA63_2016,
  type ChapterRef,
  type ConfigOption,
  type DomainMessage,
  type Importance,
} from '@qa/domain';
import type { JsonObject } from '@qa/sync';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/snackbar/snackbar-provider';
import { useDomainMessage } from '../../../lib/i18n/domain-message';
import { placeIssues } from '../../../lib/i18n/place-issues';
import { useLanguage } from '../../../lib/i18n/use-language';
import { randomId } from '../../../lib/sync/random-id';
import { useCommand } from '../../../lib/sync/use-command';
import { UserPicker } from '../../people/user-picker';
import {
  createArgs,
  emptyQuestionForm,
  P6_CATEGORY,
  questionFieldOf,
  questionFormOf,
  updateArgs,
  type QuestionField,
  type QuestionForm,
} from './audit-question-form';
import {
  importanceLabel,
  NOT_DEFINED_IMPORTANCE,
  type PreparationRow,
  type VdaSubElementChoice,
} from './preparation-rows';

export interface AuditQuestionDialogProps {
  auditId: string;
  /**
   * When given, the dialog edits a question of this template instead (`templateItem.create` /
   * `templateItem.update` with `templateId`; `auditId` is then not used).
   */
  templateId?: string;
  /** The item to edit; undefined creates a new one. */
  item?: PreparationRow;
  /** Number a new question starts with. */
  nextNumber: string;
  /** The audit's auditing dates (the audit day is one of them). */
  auditingDates: readonly string[];
  /** The audit's processes, offered for the linked processes (others may be typed). */
  auditProcesses: readonly string[];
  categories: readonly ConfigOption[];
  importances: readonly Importance[];
  /** Chapters of the audit's standard(s). */
  chapters: readonly ChapterRef[];
  onClose: () => void;
}

/** The args of a template item command: `templateId` in place of `auditId`. */
function forTemplate(args: JsonObject, templateId: string | undefined): JsonObject {
  if (templateId === undefined) return args;
  const next: JsonObject = { ...args, templateId };
  delete next.auditId;
  return next;
}

const chapterLabel = (chapter: ChapterRef) =>
  chapter.description ? `${chapter.id} ${chapter.description}` : chapter.id;
const sameChapter = (a: ChapterRef, b: ChapterRef) => a.id === b.id && a.standard === b.standard;

/**
 * The audit question dialog (SPEC section 2): create (`auditItem.create` with a client id) or
 * edit (`auditItem.update` with only the changed fields). Mount it per opening (key), so it
 * starts from the item. It closes as soon as the command ran on this device: the sync engine
 * delivers it to the server, also after being offline.
 */
export function AuditQuestionDialog({
  auditId,
  templateId,
  item,
  nextNumber,
  auditingDates,
  auditProcesses,
  categories,
  importances,
  chapters,
  onClose,
}: AuditQuestionDialogProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const translate = useDomainMessage();
  const runCommand = useCommand();
  const { show } = useSnackbar();
  const formId = useId();
  // On a phone the whole screen, like the audit dialog: the margins took a fifth of the width.
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [form, setForm] = useState<QuestionForm>(() =>
    item ? questionFormOf(item) : emptyQuestionForm(nextNumber),
  );
  const [errors, setErrors] = useState<Partial<Record<QuestionField, string>>>({});
  const [generalError, setGeneralError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = <K extends QuestionField>(field: K, value: QuestionForm[K]) =>
    setForm((current) => ({ ...current, [field]: value }));
  const textProps = (field: 'no' | 'text' | 'hint' | 'subcategory') => ({
    value: form[field],
    onChange: (event: { target: { value: string } }) => set(field, event.target.value),
    error: Boolean(errors[field]),
    helperText: errors[field],
    fullWidth: true,
    slotProps: { htmlInput: { 'data-testid': `question-${field}` } },
  });

  // Choices include the item's current value even when the configuration no longer has it.
  const categoryOptions = categories.map((option) => ({
    id: option.id,
    label: option.label[language],
  }));
  if (form.category_id !== '' && !categoryOptions.some((o) => o.id === form.category_id)) {
    categoryOptions.push({
      id: form.category_id,
      label: item?.question.category || form.category_id,
    });
  }
  const categoryName = categoryOptions.find((o) => o.id === form.category_id)?.label ?? '';
  const dayOptions = [...auditingDates];
  if (form.auditDay !== '' && !dayOptions.includes(form.auditDay)) dayOptions.push(form.auditDay);
  const importanceOptions = importances
    .filter((importance) => importance.id !== NOT_DEFINED_IMPORTANCE)
    .map((importance) => importance.id);
  if (form.importance !== '' && !importanceOptions.includes(form.importance)) {
    importanceOptions.push(form.importance);
  }

  function showIssues(message: DomainMessage, issues: readonly DomainMessage[] | undefined) {
    const { fields: next, general } = placeIssues(message, issues, questionFieldOf, translate);
    setErrors(next);
    setGeneralError(
      general ?? (Object.keys(next).length > 0 ? t('preparation.dialog.invalid') : null),
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const built = item
      ? updateArgs(auditId, item, form, categoryName)
      : createArgs(auditId, randomId(), form, categoryName);
    const args = built === null ? null : forTemplate(built, templateId);
    if (args === null) {
      show({ type: 'info', message: translate({ key: 'command.noChanges' }) });
      onClose();
      return;
    }
    setBusy(true);
    try {
      const command =
        templateId === undefined
          ? item
            ? updateAuditItemCommand
            : createAuditItemCommand
          : item
            ? updateTemplateItemCommand
            : createTemplateItemCommand;
      const { local } = await runCommand(command.name, args);
      if (!local.ok) {
        showIssues(local.error.message, local.error.issues);
        return;
      }
      const fallback = item ? 'success.auditItemUpdated' : 'success.auditItemCreated';
      show({ type: 'success', message: translate(local.message ?? { key: fallback }) });
      onClose();
    } catch {
      setGeneralError(t('preparation.dialog.saveFailed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
      aria-labelledby={`${formId}-title`}
    >
      <form noValidate onSubmit={(event) => void submit(event)} data-testid="question-dialog">
        <DialogTitle id={`${formId}-title`}>
          {item ? t('preparation.dialog.editTitle') : t('preparation.dialog.createTitle')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label={t('preparation.dialog.number')}
                sx={{ maxWidth: { sm: 160 } }}
                {...textProps('no')}
              />
              <TextField
                label={t('preparation.dialog.importance')}
                select
                value={form.importance}
                onChange={(event) => set('importance', event.target.value)}
                error={Boolean(errors.importance)}
                helperText={errors.importance}
                fullWidth
                slotProps={{
                  select: { native: true },
                  inputLabel: { shrink: true },
                  htmlInput: { 'data-testid': 'question-importance' },
                }}
              >
                <option value="">{importanceLabel('', importances, language)}</option>
                {importanceOptions.map((id) => (
                  <option key={id} value={id}>
                    {importanceLabel(id, importances, language)}
                  </option>
                ))}
              </TextField>
            </Stack>
            <TextField
              label={t('preparation.dialog.text')}
              required
              autoFocus
              multiline
              minRows={2}
              {...textProps('text')}
            />
            <TextField
              label={t('preparation.dialog.hint')}
              multiline
              minRows={1}
              {...textProps('hint')}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label={t('preparation.dialog.category')}
                select
                value={form.category_id}
                onChange={(event) => set('category_id', event.target.value)}
                error={Boolean(errors.category_id)}
                helperText={errors.category_id}
                fullWidth
                slotProps={{
                  select: { native: true },
                  inputLabel: { shrink: true },
                  htmlInput: { 'data-testid': 'question-category' },
                }}
              >
                <option value="">{t('preparation.dialog.noCategory')}</option>
                {categoryOptions.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.label}
                  </option>
                ))}
              </TextField>
              <TextField
                label={t('preparation.dialog.subcategory')}
                {...textProps('subcategory')}
              />
            </Stack>
            {/* VDA 6.3 (issue 19): the *-flag, and for P6 the sub-element if not by number. */}
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              sx={{ alignItems: { sm: 'center' } }}
            >
              <FormControlLabel
                sx={{ flex: { sm: 1 }, minHeight: 44 }}
                control={
                  <Checkbox
                    checked={form.specialRisk}
                    onChange={(event) => set('specialRisk', event.target.checked)}
                    slotProps={{ input: { 'data-testid': 'question-specialRisk' } as object }}
                  />
                }
                label={t('preparation.dialog.specialRisk')}
              />
              {form.category_id === P6_CATEGORY && (
                <TextField
                  label={t('preparation.dialog.subElement')}
                  select
                  value={form.vdaSubElement}
                  onChange={(event) =>
                    set('vdaSubElement', event.target.value as VdaSubElementChoice)
                  }
                  error={Boolean(errors.vdaSubElement)}
                  helperText={errors.vdaSubElement}
                  fullWidth
                  sx={{ flex: { sm: 1 } }}
                  slotProps={{
                    select: { native: true },
                    inputLabel: { shrink: true },
                    htmlInput: { 'data-testid': 'question-subElement' },
                  }}
                >
                  <option value="">{t('preparation.dialog.subElementByNumber')}</option>
                  {VDA63_2016.subElements.map((sub) => (
                    <option key={sub.id} value={sub.id}>
                      {`${sub.id} ${sub.label[language]}`}
                    </option>
                  ))}
                </TextField>
              )}
            </Stack>
            <Autocomplete
              multiple
              options={chapters as ChapterRef[]}
              value={form.chapters}
              onChange={(_event, value) => set('chapters', value)}
              getOptionLabel={chapterLabel}
              isOptionEqualToValue={sameChapter}
              getOptionKey={(chapter) => `${chapter.standard}/${chapter.id}`}
              noOptionsText={t('preparation.dialog.noChapters')}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t('preparation.dialog.chapters')}
                  error={Boolean(errors.chapters)}
                  helperText={errors.chapters}
                  slotProps={{
                    ...params.slotProps,
                    htmlInput: {
                      ...params.slotProps.htmlInput,
                      'data-testid': 'question-chapters',
                    },
                  }}
                />
              )}
            />
            {/* Who asks it and on which day belong to an audit's plan, not to a template. */}
            {templateId === undefined && (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <UserPicker
                  label={t('preparation.dialog.assignedAuditor')}
                  value={form.assignedAuditor ? [form.assignedAuditor] : []}
                  onChange={(ids) => set('assignedAuditor', ids[0] ?? null)}
                  auditorsOnly
                  error={errors.assignedAuditor}
                />
                <TextField
                  label={t('preparation.dialog.auditDay')}
                  select
                  value={form.auditDay}
                  onChange={(event) => set('auditDay', event.target.value)}
                  error={Boolean(errors.auditDay)}
                  helperText={
                    errors.auditDay ??
                    (dayOptions.length === 0 ? t('preparation.dialog.noAuditingDates') : undefined)
                  }
                  fullWidth
                  // Half the row beside the user picker: at full width it squeezed the picker
                  // until its field overlapped this one.
                  sx={{ flex: { sm: 1 } }}
                  slotProps={{
                    select: { native: true },
                    inputLabel: { shrink: true },
                    htmlInput: { 'data-testid': 'question-auditDay' },
                  }}
                >
                  <option value="">{t('preparation.dialog.noAuditDay')}</option>
                  {dayOptions.map((day) => (
                    <option key={day} value={day}>
                      {formatCalendarDay(day, language)}
                    </option>
                  ))}
                </TextField>
              </Stack>
            )}
            <Autocomplete
              multiple
              freeSolo
              options={auditProcesses as string[]}
              value={form.processes}
              onChange={(_event, value) =>
                set(
                  'processes',
                  value.map((entry) => entry.trim()).filter((entry) => entry !== ''),
                )
              }
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t('preparation.dialog.processes')}
                  error={Boolean(errors.processes)}
                  helperText={errors.processes ?? t('preparation.dialog.processesHelp')}
                  slotProps={{
                    ...params.slotProps,
                    htmlInput: {
                      ...params.slotProps.htmlInput,
                      'data-testid': 'question-processes',
                    },
                  }}
                />
              )}
            />
            {generalError && (
              <Alert severity="error" data-testid="question-error">
                {generalError}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('preparation.dialog.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid="question-save">
            {t('preparation.dialog.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
