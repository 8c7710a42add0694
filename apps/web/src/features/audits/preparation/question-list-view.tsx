import AddIcon from '@mui/icons-material/Add';
import { chapterDescriptionIn, type ChapterRef, type ListConfig } from '@qa/domain';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import { useCallback, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog } from '../../../components/dialog/confirm-delete-dialog';
import { GroupedList } from '../../../components/list/grouped-list';
import type { ListMenuAction } from '../../../components/list/list-types';
import { formatDate } from '../../../lib/i18n/format';
import { useLanguage } from '../../../lib/i18n/use-language';
import { personLabel, usePeople } from '../../people/use-people';
import {
  PreparationRowMenu,
  PreparationRowView,
  type RowActions,
  type RowLabels,
} from './preparation-row-view';
import { importanceLabel, searchTextOf, type PreparationRow } from './preparation-rows';
import type { PreparationConfig } from './use-preparation-config';
import { useItemListView } from './use-item-list-view';

const getId = (row: PreparationRow) => row.id;
const getSyncState = (row: PreparationRow) => row.state;
const NO_NUMBER = '–';

export interface QuestionListViewProps {
  rows: readonly PreparationRow[];
  /** The list configuration ('audititems', 'templateitems'). */
  listConfig: ListConfig;
  config: PreparationConfig;
  chapters: readonly ChapterRef[];
  /** What a row's menu offers; `edit` also opens the row. */
  actions: RowActions;
  loading: boolean;
  label: string;
  emptyText: ReactNode;
  /** The "new question" button's label; none = no button. */
  createLabel?: ReactNode;
  onCreate: () => void;
  moreActions?: readonly ListMenuAction[];
}

/**
 * Questions (an audit's or a template's) in the generic grouped list: the preparation row view
 * and menu, the computed fields and the "new question" button.
 */
export function QuestionListView({
  rows,
  listConfig,
  config,
  chapters,
  actions,
  loading,
  label,
  emptyText,
  createLabel,
  onCreate,
  moreActions,
}: QuestionListViewProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const people = usePeople();
  const importances = config.audititem.importances;
  const { fields, comparators, formatValue, categoryLabel } = useItemListView(
    rows,
    config,
    chapters,
  );

  const labels = useMemo<RowLabels>(
    () => ({
      category: (row) =>
        row.question.category_id === '' && row.question.category !== ''
          ? row.question.category
          : categoryLabel(row.question.category_id),
      importance: (id) => importanceLabel(id, importances, language),
      importanceColor: (id) => importances.find((entry) => entry.id === id)?.color,
      deactivated: t('preparation.deactivated'),
      completed: t('preparation.completed'),
      hint: t('preparation.hint'),
      chapters: t('preparation.chapters'),
      chapter: (chapter) =>
        `${chapter.id} ${chapterDescriptionIn(chapter.standard, chapter.id, chapter.description, language)}`,
      number: t('preparation.number'),
      specialRisk: t('preparation.specialRisk'),
      auditor: (id) => t('preparation.auditor', { name: personLabel(people.byId, id, t) }),
      auditDay: (day) =>
        t('preparation.auditDay', { day: formatDate(`${day}T00:00:00`, language) }),
      edit: (no) => t('preparation.actions.edit', { no }),
      deactivate: (no) => t('preparation.actions.deactivate', { no }),
      reactivate: (no) => t('preparation.actions.reactivate', { no }),
      remove: (no) => t('preparation.actions.delete', { no }),
      more: (no) => t('preparation.actions.more', { no }),
    }),
    [categoryLabel, importances, language, people.byId, t],
  );
  const renderRow = useCallback(
    (row: PreparationRow) => <PreparationRowView row={row} labels={labels} />,
    [labels],
  );
  // The whole row opens the question's dialog; the rest is in the row's menu.
  const getRowOpen = useMemo(() => {
    const edit = actions.edit;
    return edit ? (row: PreparationRow) => ({ onOpen: () => edit(row) }) : undefined;
  }, [actions]);
  const renderRowActions = useCallback(
    (row: PreparationRow) => <PreparationRowMenu row={row} labels={labels} actions={actions} />,
    [labels, actions],
  );

  return (
    <GroupedList
      items={rows}
      getId={getId}
      config={listConfig}
      fields={fields}
      comparators={comparators}
      getSearchText={searchTextOf}
      formatValue={formatValue}
      renderRow={renderRow}
      getRowOpen={getRowOpen}
      renderRowActions={renderRowActions}
      getSyncState={getSyncState}
      loading={loading}
      label={label}
      emptyText={emptyText}
      groupHeadingLevel={3}
      actions={
        createLabel !== undefined ? (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={onCreate}
            data-testid="question-create"
          >
            {createLabel}
          </Button>
        ) : undefined
      }
      moreActions={moreActions}
    />
  );
}

export interface QuestionDeleteDialogProps {
  /** The question to delete; null = closed. */
  item: PreparationRow | null;
  title: ReactNode;
  question: ReactNode;
  cancelLabel: ReactNode;
  confirmLabel: ReactNode;
  onClose: () => void;
  onConfirm: (item: PreparationRow) => void;
}

/** Asks before a question is deleted, naming it by number and text. */
export function QuestionDeleteDialog({
  item,
  title,
  question,
  cancelLabel,
  confirmLabel,
  onClose,
  onConfirm,
}: QuestionDeleteDialogProps) {
  return (
    <ConfirmDeleteDialog
      open={item !== null}
      onClose={onClose}
      onConfirm={() => item && onConfirm(item)}
      title={title}
      cancelLabel={cancelLabel}
      confirmLabel={confirmLabel}
      confirmTestId="item-delete-confirm"
    >
      <DialogContentText data-testid="item-delete-text">{question}</DialogContentText>
      {item && (
        <DialogContentText sx={{ mt: 1 }}>
          {`${item.question.no || NO_NUMBER} ${item.question.text}`}
        </DialogContentText>
      )}
    </ConfirmDeleteDialog>
  );
}
