import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme, type SxProps, type Theme } from '@mui/material/styles';
import {
  importTemplateItemsCommand,
  TEMPLATE_ITEMS_COLLECTION,
  TEMPLATES_COLLECTION,
  useTemplateCommand,
  type ChapterTarget,
} from '@qa/domain';
import { memo, useCallback, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GroupedList } from '../../../components/list/grouped-list';
import type { ListToolbarAction } from '../../../components/list/list-types';
import { useSnackbar } from '../../../components/snackbar/snackbar-provider';
import { useListConfig } from '../../../lib/config/use-list-config';
import { useDomainMessage } from '../../../lib/i18n/domain-message';
import { useLanguage } from '../../../lib/i18n/use-language';
import { randomId } from '../../../lib/sync/random-id';
import { useCommand } from '../../../lib/sync/use-command';
import { useQuery } from '../../../lib/sync/use-query';
import { createRowCache, searchTextOf, type PreparationRow } from './preparation-rows';
import {
  categoriesOf,
  chosenRows,
  groupState,
  selectAll,
  selectionFields,
  selectNone,
  toggleGroup,
  toggleId,
  unmappableChapters,
  templateCopyArgs,
  templateImportArgs,
  templateRemapTargets,
  withIds,
  type Selection,
} from './template-selection-model';
import { useItemListView } from './use-item-list-view';
import { auditStandardIds, type usePreparationConfig } from './use-preparation-config';

interface SelectionDialogCommonProps {
  /** `standardIdsOf(standard)` of the audit (what the command checks it against) or template. */
  standardIds: string[];
  /** The target's standards with their chapters: the re-mapping's targets. */
  targets: readonly ChapterTarget[];
  config: ReturnType<typeof usePreparationConfig>;
  /** The template chosen last time in this tab (chosen again at once). */
  initialTemplateId: string | null;
  onTemplateChosen?: (id: string) => void;
  onClose: () => void;
}

/**
 * The target: an audit (`audit.useTemplate`) or, on the template preparation page, another
 * template (`intoTemplateId`: the chosen questions are copied with one `templateItem.import`,
 * source 'template'; the list offers the other templates).
 */
export type TemplateSelectionDialogProps = SelectionDialogCommonProps &
  (
    | {
        auditId: string;
        intoTemplateId?: undefined;
        /** Some of the audit's item ids (issue 19: an audit without any takes a VDA set-up). */
        auditItemIds?: readonly string[];
      }
    | { auditId?: undefined; intoTemplateId: string; auditItemIds?: undefined }
  );

const TEMPLATES_QUERY = { collection: TEMPLATES_COLLECTION, filters: [] };
const getId = (row: PreparationRow) => row.id;

interface TemplateOption {
  id: string;
  name: string;
  standardIds: string[];
}

/**
 * "Use template" (SPEC section 2, issue 14.6): the item selection dialog (list key
 * 'templateselection'). Choose a template, choose its questions (each, per category with a
 * tri-state checkbox, all, none, the ones a search lists), review what the chapter re-mapping
 * cannot map, then copy them in one `audit.useTemplate` (into another template: one
 * `templateItem.import`). The list is the generic grouped list,
 * which pages (and renders its first rows first), so a 1,000-question template opens fast.
 * Mount it per opening.
 */
export function TemplateSelectionDialog({
  auditId,
  intoTemplateId,
  auditItemIds,
  standardIds,
  targets,
  config,
  initialTemplateId,
  onTemplateChosen,
  onClose,
}: TemplateSelectionDialogProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const translate = useDomainMessage();
  const runCommand = useCommand();
  const { show } = useSnackbar();
  const formId = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const listConfig = useListConfig('templateselection');

  const { documents: templateDocs, loading: templatesLoading } = useQuery(TEMPLATES_QUERY);
  const templates = useMemo<TemplateOption[]>(
    () =>
      templateDocs
        .filter((doc) => doc.id !== intoTemplateId)
        .map((doc) => ({
          id: doc.id,
          name: typeof doc.data.name === 'string' && doc.data.name !== '' ? doc.data.name : doc.id,
          standardIds: auditStandardIds(doc.data.standard),
        }))
        .sort((a, b) => a.name.localeCompare(b.name, language)),
    [templateDocs, language, intoTemplateId],
  );
  const [picked, setPicked] = useState<string | null>(initialTemplateId);
  // The one template there is, or the one chosen last time, is chosen at once.
  const templateId =
    picked !== null && templates.some((entry) => entry.id === picked)
      ? picked
      : templates.length === 1
        ? templates[0]!.id
        : null;
  const template = templates.find((entry) => entry.id === templateId) ?? null;

  const { documents, loading: itemsLoading } = useQuery(
    templateId
      ? {
          collection: TEMPLATE_ITEMS_COLLECTION,
          filters: [{ path: ['templateId'], op: '==', value: templateId }],
        }
      : null,
  );
  const [toRows] = useState(createRowCache);
  const rows = useMemo(() => toRows(documents), [toRows, documents]);
  const view = useItemListView(rows, config);
  const fields = useMemo(() => selectionFields(view.fields), [view.fields]);
  const compareCategory = view.comparators['question.category_id'];
  const categories = useMemo(
    () =>
      categoriesOf(rows, compareCategory ? (a, b) => compareCategory(a, b) : undefined).map(
        (category) => ({ ...category, label: view.categoryLabel(category.key) }),
      ),
    [rows, compareCategory, view],
  );

  const [selection, setSelection] = useState<Selection>(selectNone);
  const [step, setStep] = useState<'choose' | 'review' | 'sending'>('choose');
  const chosen = useMemo(() => chosenRows(rows, selection), [rows, selection]);
  // Into a template: chapters kept as they are unless the standards differ.
  const remapTo = useMemo(
    () =>
      intoTemplateId === undefined
        ? targets
        : templateRemapTargets(template?.standardIds ?? [], standardIds, targets),
    [intoTemplateId, targets, template, standardIds],
  );
  const warnings = useMemo(
    () => (step === 'choose' ? [] : unmappableChapters(chosen, remapTo, language)),
    [step, chosen, remapTo, language],
  );

  const chooseTemplate = (id: string | null) => {
    setPicked(id);
    setSelection(selectNone());
    if (id) onTemplateChosen?.(id);
  };
  const toggle = useCallback((id: string) => setSelection((current) => toggleId(current, id)), []);

  const moreActions = useMemo<ListToolbarAction<PreparationRow>[]>(
    () => [
      {
        id: 'chooseListed',
        label: t('preparation.useTemplateChooseListed'),
        onClick: (listed) => setSelection((current) => withIds(current, listed.map(getId), true)),
        testId: 'template-choose-listed',
      },
      {
        id: 'clearListed',
        label: t('preparation.useTemplateClearListed'),
        onClick: (listed) => setSelection((current) => withIds(current, listed.map(getId), false)),
      },
    ],
    [t],
  );
  const renderRow = useCallback(
    (row: PreparationRow) => (
      <SelectionRow row={row} checked={selection.has(row.id)} onToggle={toggle} />
    ),
    [selection, toggle],
  );

  async function send() {
    if (!templateId || chosen.length === 0) return;
    setStep('sending');
    const stored = new Map(documents.map((doc) => [doc.id, doc.data]));
    const command =
      intoTemplateId === undefined
        ? {
            name: useTemplateCommand.name,
            args: templateCopyArgs({
              auditId,
              templateId,
              chosen,
              standardIds,
              language,
              newId: randomId,
              auditItemIds,
            }),
          }
        : {
            name: importTemplateItemsCommand.name,
            args: templateImportArgs({
              templateId: intoTemplateId,
              chosen,
              stored: (id) => stored.get(id),
              remapTo,
              language,
              newId: randomId,
            }),
          };
    try {
      const { local } = await runCommand(command.name, command.args);
      if (!local.ok) {
        show({ type: 'error', message: translate(local.error.message) });
        setStep('review');
        return;
      }
      if (local.message) show({ type: 'success', message: translate(local.message) });
      onClose();
    } catch {
      show({ type: 'error', message: t('preparation.useTemplateFailed') });
      setStep('review');
    }
  }

  const titleId = `${formId}-title`;
  return (
    <Dialog
      open
      onClose={step === 'sending' ? undefined : onClose}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{t('preparation.useTemplateTitle')}</DialogTitle>
      <DialogContent dividers data-testid="template-selection">
        {step === 'choose' ? (
          <Stack spacing={2}>
            <Autocomplete
              options={templates}
              value={template}
              onChange={(_event, option) => chooseTemplate(option?.id ?? null)}
              getOptionLabel={(option) => option.name}
              isOptionEqualToValue={(option, value) => option.id === value.id}
              loading={templatesLoading}
              noOptionsText={t('preparation.useTemplateNoTemplates')}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t('preparation.useTemplateTemplate')}
                  slotProps={{
                    ...params.slotProps,
                    htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'template-select' },
                  }}
                />
              )}
            />
            {template && (
              <>
                <Box
                  sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
                  data-testid="template-selection-bar"
                >
                  <Button
                    variant="outlined"
                    onClick={() => setSelection(selectAll(rows))}
                    disabled={rows.length === 0}
                    data-testid="template-select-all"
                  >
                    {t('preparation.useTemplateAll')}
                  </Button>
                  <Button
                    variant="outlined"
                    onClick={() => setSelection(selectNone())}
                    disabled={selection.size === 0}
                    data-testid="template-select-none"
                  >
                    {t('preparation.useTemplateNone')}
                  </Button>
                  <Typography
                    variant="body2"
                    aria-live="polite"
                    data-testid="template-chosen-count"
                  >
                    {t('preparation.useTemplateChosen', {
                      count: chosen.length,
                      total: rows.length,
                    })}
                  </Typography>
                </Box>
                {categories.length > 0 && (
                  <Box
                    component="fieldset"
                    sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}
                    data-testid="template-categories"
                  >
                    <Typography component="legend" variant="subtitle2">
                      {t('preparation.useTemplateCategories')}
                    </Typography>
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
                      {categories.map((category) => {
                        const state = groupState(selection, category.ids);
                        return (
                          <FormControlLabel
                            key={category.key}
                            data-testid="template-category"
                            sx={{ mr: 0, minWidth: 0, wordBreak: 'break-word' }}
                            control={
                              <Checkbox
                                checked={state === 'all'}
                                indeterminate={state === 'some'}
                                onChange={() =>
                                  setSelection((current) => toggleGroup(current, category.ids))
                                }
                              />
                            }
                            label={t('preparation.useTemplateCategory', {
                              name: category.label,
                              count: category.ids.length,
                            })}
                          />
                        );
                      })}
                    </Box>
                  </Box>
                )}
                <GroupedList
                  items={rows}
                  getId={getId}
                  config={listConfig}
                  fields={fields}
                  comparators={view.comparators}
                  getSearchText={searchTextOf}
                  formatValue={view.formatValue}
                  renderRow={renderRow}
                  rowsSx={rowsSx}
                  loading={itemsLoading}
                  label={t('preparation.useTemplateItems')}
                  emptyText={t('preparation.useTemplateEmpty')}
                  defaultView="group"
                  urlState={false}
                  groupHeadingLevel={3}
                  moreActions={moreActions}
                />
              </>
            )}
          </Stack>
        ) : (
          <Stack spacing={2} aria-live="polite" data-testid="template-review">
            <Alert severity="info">
              {intoTemplateId === undefined
                ? t('preparation.useTemplateReview', {
                    count: chosen.length,
                    template: template?.name ?? '',
                  })
                : t('templates.useTemplateReview', {
                    count: chosen.length,
                    template: template?.name ?? '',
                  })}
            </Alert>
            {warnings.length > 0 && (
              <>
                <Typography variant="subtitle2" component="h3">
                  {intoTemplateId === undefined
                    ? t('preparation.useTemplateUnmappable', { count: warnings.length })
                    : t('templates.useTemplateUnmappable', { count: warnings.length })}
                </Typography>
                <List dense data-testid="template-unmappable">
                  {warnings.map((issue, index) => (
                    <ListItem key={index}>{translate(issue)}</ListItem>
                  ))}
                </List>
              </>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap' }}>
        {step === 'choose' ? (
          <>
            <Button onClick={onClose}>{t('preparation.useTemplateCancel')}</Button>
            <Button
              variant="contained"
              onClick={() => setStep('review')}
              disabled={chosen.length === 0}
              data-testid="template-next"
            >
              {t('preparation.useTemplateNext', { count: chosen.length })}
            </Button>
          </>
        ) : (
          <>
            <Button onClick={() => setStep('choose')} disabled={step === 'sending'}>
              {t('preparation.useTemplateBack')}
            </Button>
            <Button
              variant="contained"
              onClick={() => void send()}
              disabled={step === 'sending'}
              data-testid="template-submit"
            >
              {t('preparation.useTemplateSubmit', { count: chosen.length })}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** Styles of the rows, once for the list. */
const rowsSx: SxProps<Theme> = {
  '& .selection-row': {
    display: 'flex',
    alignItems: 'flex-start',
    gap: 0.5,
    cursor: 'pointer',
    py: 0.5,
    minWidth: 0,
  },
  '& .selection-text': { pt: 1.25, minWidth: 0, wordBreak: 'break-word' },
};

/**
 * One question: a label around its checkbox and text, so the whole row toggles it by touch and
 * the checkbox by keyboard (Space).
 */
const SelectionRow = memo(function SelectionRow({
  row,
  checked,
  onToggle,
}: {
  row: PreparationRow;
  checked: boolean;
  onToggle: (id: string) => void;
}) {
  const { no, text } = row.question;
  return (
    <label className="selection-row" data-testid="template-item">
      <Checkbox checked={checked} onChange={() => onToggle(row.id)} />
      <span className="selection-text">{no ? `${no} ${text}` : text}</span>
    </label>
  );
});
